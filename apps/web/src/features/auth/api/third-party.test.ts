import { describe, expect, it } from 'vitest';
import { readCallback, telegramResultOf } from './third-party.ts';

const base64url = (s: string) => Buffer.from(s, 'utf8').toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('readCallback', () => {
  it('reads an OAuth provider answer with its issuer', () => {
    expect(readCallback('?code=abc&state=xyz&iss=https%3A%2F%2Fid.example', '')).toEqual({ kind: 'oauth', code: 'abc', state: 'xyz', iss: 'https://id.example' });
    expect(readCallback('?code=abc&state=xyz', '')).toEqual({ kind: 'oauth', code: 'abc', state: 'xyz', iss: null });
  });

  it('reads Telegram login data from the fragment, names in any script', () => {
    const data = { id: 42, first_name: 'Thảo 明', auth_date: 1700000000, hash: 'ab'.repeat(32) };
    expect(readCallback('', `#tgAuthResult=${base64url(JSON.stringify(data))}`)).toEqual({ kind: 'telegram', data });
  });

  it('tells a refusal at the provider from a visit without an answer', () => {
    expect(readCallback('?error=access_denied&state=xyz', '')).toEqual({ kind: 'cancelled' });
    expect(readCallback('', '#tgAuthResult=false')).toEqual({ kind: 'cancelled' });
    expect(readCallback('', '')).toEqual({ kind: 'empty' });
    expect(readCallback('?code=abc', '')).toEqual({ kind: 'empty' });
  });

  it('ignores a fragment that is not Telegram JSON', () => {
    expect(telegramResultOf('#tgAuthResult=%%%')).toBeNull();
    expect(telegramResultOf(`#tgAuthResult=${base64url('"text"')}`)).toBeNull();
  });
});
