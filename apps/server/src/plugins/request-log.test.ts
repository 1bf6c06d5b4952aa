import { describe, expect, it } from 'vitest';
import { requestLogLevel, SLOW_REQUEST_MS } from './request-log.ts';

describe('request log level', () => {
  it('is debug for a request that went well, so a page load writes nothing at info', () => {
    expect(requestLogLevel(200, 3)).toBe('debug');
    expect(requestLogLevel(304, 1)).toBe('debug');
  });
  it('is info for a refusal, warn for a slow request and error for a failure', () => {
    expect(requestLogLevel(401, 5)).toBe('info');
    expect(requestLogLevel(200, SLOW_REQUEST_MS + 1)).toBe('warn');
    expect(requestLogLevel(429, SLOW_REQUEST_MS + 1)).toBe('warn');
    expect(requestLogLevel(500, 2)).toBe('error');
    expect(requestLogLevel(503, SLOW_REQUEST_MS * 5)).toBe('error');
  });
});
