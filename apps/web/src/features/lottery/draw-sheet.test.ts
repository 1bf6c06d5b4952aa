import { describe, expect, it } from 'vitest';
import { createHash, createHmac } from 'node:crypto';
import { lotoTails, verifyDraw } from './draw-sheet.ts';

describe('draw sheet', () => {
  it('takes the lô of every number of a Vietnamese sheet', () => {
    const prizes = [
      { prize: 'DB', numbers: ['12345'] },
      { prize: 'G7', numbers: ['07', '99'] },
      { prize: 'G6', numbers: ['123'] },
    ];
    expect(lotoTails(prizes)).toEqual(['07', '23', '45', '99']);
    expect(lotoTails([{ prize: 'first', numbers: ['123456'] }])).toEqual([]);
  });
  it('checks the commitment and recomputes every number from the seed', async () => {
    const seed = '301a6b5a46e8c6bde4f2040d079eb579c33122255717488e2743c22bee0677db';
    // The published hash of this seed (sha256 of its raw bytes), as the server answered it.
    const hash = 'fee8ee7e22b1edd273257c004242107d7d924913e5b8ef5ad550b4ab8d2c09bb';
    expect(createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex')).toBe(hash);
    const digitsOf = (label: string, n: number) =>
      [...createHmac('sha256', Buffer.from(seed, 'hex')).update(label).digest()]
        .filter((b) => b < 250)
        .map((b) => String(b % 10))
        .join('')
        .slice(0, n);
    const prizes = [
      { prize: 'DB', numbers: [digitsOf('DB:0', 5)] },
      { prize: 'G7', numbers: [digitsOf('G7:0', 2), digitsOf('G7:1', 2)] },
    ];
    expect(await verifyDraw(seed, hash, prizes)).toEqual({ hashOk: true, tableOk: true });
    const tampered = [{ prize: 'DB', numbers: ['00000'] }];
    expect(await verifyDraw(seed, hash, tampered)).toEqual({ hashOk: true, tableOk: false });
    expect((await verifyDraw(seed, 'ab'.repeat(32), prizes)).hashOk).toBe(false);
  });
});
