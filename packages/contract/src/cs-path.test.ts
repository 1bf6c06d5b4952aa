import { describe, expect, it } from 'vitest';
import { openCsPath, sealCsPath } from './cs-path.ts';

describe('customer-service path', () => {
  it('opens what was sealed, with the key as the last 8 characters', async () => {
    const sealed = await sealCsPath('https://chat.example.test/room?a=1', 'k3Y-8chr');
    expect(sealed.endsWith('k3Y-8chr')).toBe(true);
    expect(sealed).not.toContain('chat.example');
    expect(await openCsPath(sealed)).toBe('https://chat.example.test/room?a=1');
  });

  it('refuses a tampered path or the wrong key', async () => {
    const sealed = await sealCsPath('/helpmc', 'abcdefgh');
    expect(await openCsPath(`${sealed.slice(0, -8)}abcdefgX`)).toBeNull();
    // The first character changed (to 'A', or 'B' when it already is 'A': the sealed text starts with a random IV).
    expect(await openCsPath(`${sealed.startsWith('A') ? 'B' : 'A'}${sealed.slice(1)}`)).toBeNull();
    expect(await openCsPath('short')).toBeNull();
  });
});
