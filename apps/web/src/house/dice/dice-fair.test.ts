import { describe, expect, it } from 'vitest';
import { commitOf, playRound } from '../../../../server/src/modules/house-games/index.ts';
import type { DiceRoomDetail } from '@playhall/contract/house-rules/dice-room';
import { opensslCommand, recomputeDice, sha256Hex } from './dice-fair.ts';

describe('the dice page checks a room round as the server rolled it', () => {
  it('recomputes the engine’s dice and commitment from the revealed seed', async () => {
    for (let roundNo = 0; roundNo < 40; roundNo += 1) {
      const serverSeed = (roundNo * 2654435761).toString(16).padStart(8, '0').repeat(8).slice(0, 64);
      const players = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank'].slice(0, 2 + (roundNo % 5));
      const outcome = playRound('HOUSE_PVP_DICE_DUEL', { ante: 100, players }, { serverSeed, clientSeed: 'room:dice-1', nonce: roundNo });
      const detail = outcome?.detail as DiceRoomDetail;
      expect(await recomputeDice(serverSeed, 'room:dice-1', roundNo, players.length)).toEqual(detail.seats.map((s) => s.dice));
      expect(await sha256Hex(serverSeed)).toBe(commitOf(serverSeed));
    }
    expect(opensslCommand('room:dice-1', 7, 'ab')).toBe("printf %s 'room:dice-1:7:0' | openssl dgst -sha256 -hmac ab");
  });
});
