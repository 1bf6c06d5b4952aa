import { describe, expect, it } from 'vitest';
import { startBanner } from './start-banner.ts';

const creds = { member: 'member01', agent: 'agent01', downlines: ['agent02', 'member01'], password: 'Demo123', affiliateCodes: ['DEMO01'] };

describe('start banner', () => {
  it('puts the sandbox warning first and ends with the address and the demo logins', () => {
    const lines = startBanner('http://localhost:8080', creds, 'SANDBOX PAYMENTS ARE ON').trim().split('\n').map((l) => l.trim());
    expect(lines).toEqual([
      'SANDBOX PAYMENTS ARE ON',
      '',
      'Playhall on http://localhost:8080',
      'Demo member: member01 / Demo123',
      'Demo agent:  agent01 / Demo123 (downlines: agent02, member01)',
      'Invitation codes: DEMO01',
    ]);
  });
  it('names the operator console and its demo admin when the seed made one', () => {
    const text = startBanner('http://localhost:8080/', { ...creds, console: { username: 'admin', password: 'Demo123-console' } }, null);
    expect(text).toContain('Operator console: http://localhost:8080/console admin / Demo123-console');
  });
  it('says how to make an account when no demo logins are recorded', () => {
    expect(startBanner('http://localhost:8080', null, null)).toContain('npm run ops -- user create');
  });
});
