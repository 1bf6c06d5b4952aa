import { describe, expect, it } from 'vitest';
import { badTextPath } from './contract-routes.ts';

describe('badTextPath', () => {
  it('finds control characters and lone surrogates anywhere in the input', () => {
    expect(badTextPath({ a: 'fine', b: ['ok', { c: 'x\u0000' }] })).toBe('b.1.c');
    expect(badTextPath({ name: 'a\ud800b' })).toBe('name');
    expect(badTextPath({ 'k\u0007': 'v' })).toBe('(key)');
  });

  it('lets through text people write: line breaks, tabs, emoji, any script', () => {
    expect(badTextPath({ a: 'line\nbreak\ttab\r', b: '😀 Tiếng Việt ภาษาไทย 中文 \u200d', n: 5, z: null })).toBeNull();
  });
});
