import { describe, expect, it } from 'vitest';
import { LOTTERY_BET_TYPES, lotteryBetAmount } from '@playhall/contract/calls/games';
import { DEFAULT_ODDS } from './odds.ts';
import { BET_RULES, chargeMultiplier, indexResult, isOffered, normaliseNumbers, settleTicket, type TLotteryBetType } from './rules.ts';
import { ALL_STRUCTURES, type TResultTable, type TStructure } from './structures.ts';
import { randomDigits, randomTable, testRandom, type TTestRandom } from './test-support.ts';

const row = (prize: string, ...numbers: string[]) => ({ prize, numbers });

/**
 * Lô 2 endings (27): 45 ×5 (12345, 40045, 0045, 345, 45), 99 ×3, 12 ×2, 01 ×2, 02 ×2, 03 ×2, 34 ×2, 78 ×2,
 * and once 90 89 77 88 68 07 00. Lô 3 (23): 345 001 002 003 045 234 678 999 twice, the rest once.
 * Lô 4 (20): 1234 0045 0001 0002 0003 twice, the rest once.
 */
const NORTH: TResultTable = [
  row('DB', '12345'),
  row('G1', '67890'),
  row('G2', '11112', '22212'),
  row('G3', '30001', '30002', '30003', '40045', '50789', '61234'),
  row('G4', '1234', '5678', '0045', '9999'),
  row('G5', '0001', '0002', '0003', '7777', '8888', '2468'),
  row('G6', '345', '678', '999'),
  row('G7', '07', '45', '99', '00'),
];

/** Lô 2 endings (18): 56 ×5 (123456, 60056, 0456, 456, 56), then 11 22 33 44 01–06 77 88 99 once. Lô 3: 456 ×3. */
const SOUTH: TResultTable = [
  row('DB', '123456'),
  row('G1', '11111'),
  row('G2', '22222'),
  row('G3', '33333', '44444'),
  row('G4', '50001', '50002', '50003', '50004', '50005', '50006', '60056'),
  row('G5', '7777'),
  row('G6', '8888', '9999', '0456'),
  row('G7', '456'),
  row('G8', '56'),
];

const SEA: TResultTable = [row('first', '123456'), row('front3', '111', '222'), row('back3', '333', '444'), row('bottom2', '78')];

const lott = (code: TLotteryBetType): number => DEFAULT_ODDS.Lott[code] ?? 0;
const sea = (code: TLotteryBetType): number => DEFAULT_ODDS.SEA[code] ?? 0;

function settle(table: TResultTable, structure: TStructure, betType: TLotteryBetType, numbers: string[], stake = 1000, oddsX1000 = lott(betType)) {
  const normalised = normaliseNumbers(betType, structure, numbers);
  if (!normalised.ok) throw new Error(normalised.reason);
  return settleTicket(indexResult(structure, table), { betType, numbers: normalised.numbers, stake, oddsX1000 });
}

describe('charging', () => {
  it('charges lô once per counted result number, everything else once', () => {
    expect(['lo2', 'lo3', 'lo4'].map((c) => chargeMultiplier(c as TLotteryBetType, 'north'))).toEqual([27, 23, 20]);
    expect(['lo2', 'lo3', 'lo4'].map((c) => chargeMultiplier(c as TLotteryBetType, 'southCentral'))).toEqual([18, 17, 16]);
    for (const code of ['de', 'xien2', 'loTruot8', 'threeCang'] as const) expect(chargeMultiplier(code, 'north')).toBe(1);
    expect(chargeMultiplier('sea3Top', 'sea')).toBe(1);
    expect(() => chargeMultiplier('lo2', 'sea')).toThrow(RangeError);
  });
});

describe('settling a fixed north result', () => {
  it('pays lottery.md’s worked example: lô 2 pick 12 twice, S = 1,000 → charged 27,000, paid 198,000', () => {
    const charged = lotteryBetAmount({ chargeMultiplier: chargeMultiplier('lo2', 'north'), combo: false }, 1, 1000);
    expect(charged).toBe(27_000);
    expect(settle(NORTH, 'north', 'lo2', ['12'])).toEqual({ hits: 2, payout: 198_000 });
  });

  it('counts every lô hit of every pick', () => {
    expect(settle(NORTH, 'north', 'lo2', ['45', '12', '13'])).toEqual({ hits: 7, payout: 7 * 99_000 });
    expect(settle(NORTH, 'north', 'lo2', ['56'])).toEqual({ hits: 0, payout: 0 });
    expect(settle(NORTH, 'north', 'lo3', ['345', '999', '111'])).toEqual({ hits: 4, payout: 4 * 980_000 });
    expect(settle(NORTH, 'north', 'lo4', ['1234', '2345', '0000'])).toEqual({ hits: 3, payout: 3 * 9_800_000 });
    // 7 in a 2-digit prize never counts for lô 3/4: only numbers long enough.
    expect(settle(NORTH, 'north', 'lo3', ['007'])).toEqual({ hits: 0, payout: 0 });
  });

  it('settles đề on the special prize and đề giải nhất on G1', () => {
    expect(settle(NORTH, 'north', 'de', ['45', '54'])).toEqual({ hits: 1, payout: 95_000 });
    expect(settle(NORTH, 'north', 'de', ['12'])).toEqual({ hits: 0, payout: 0 });
    expect(settle(NORTH, 'north', 'deHead', ['4'])).toEqual({ hits: 1, payout: 9_500 });
    expect(settle(NORTH, 'north', 'deHead', ['5']).hits).toBe(0);
    expect(settle(NORTH, 'north', 'deTail', ['5', '4'])).toEqual({ hits: 1, payout: 9_500 });
    expect(settle(NORTH, 'north', 'deFirst', ['90'])).toEqual({ hits: 1, payout: 95_000 });
    expect(settle(NORTH, 'north', 'deFirst', ['45']).hits).toBe(0);
  });

  it('settles 3 càng on the last three digits of the special prize only', () => {
    expect(settle(NORTH, 'north', 'threeCang', ['345'])).toEqual({ hits: 1, payout: 960_000 });
    expect(settle(NORTH, 'north', 'threeCang', ['234', '999']).hits).toBe(0);
  });

  it('pays xiên only when every number is among the lô, once however often they appear', () => {
    expect(settle(NORTH, 'north', 'xien2', ['45', '12'])).toEqual({ hits: 1, payout: 17_000 });
    expect(settle(NORTH, 'north', 'xien2', ['12', '13']).hits).toBe(0);
    expect(settle(NORTH, 'north', 'xien3', ['99', '07', '00'])).toEqual({ hits: 1, payout: 65_000 });
    expect(settle(NORTH, 'north', 'xien4', ['01', '02', '03', '34'])).toEqual({ hits: 1, payout: 250_000 });
    expect(settle(NORTH, 'north', 'xien4', ['01', '02', '03', '13']).hits).toBe(0);
  });

  it('pays lô trượt only when none of the numbers is among the lô', () => {
    expect(settle(NORTH, 'north', 'loTruot4', ['13', '50', '56', '60'])).toEqual({ hits: 1, payout: lott('loTruot4') });
    expect(settle(NORTH, 'north', 'loTruot4', ['13', '50', '56', '45']).hits).toBe(0);
    const eight = ['10', '11', '13', '14', '15', '16', '17', '18'];
    expect(settle(NORTH, 'north', 'loTruot8', eight).hits).toBe(1);
    expect(settle(NORTH, 'north', 'loTruot10', [...eight, '19', '20']).hits).toBe(1);
    expect(settle(NORTH, 'north', 'loTruot10', [...eight, '19', '00']).hits).toBe(0);
  });

  it('floors odd stakes at 9.5 odds and pays large ones exactly', () => {
    expect(settle(NORTH, 'north', 'deHead', ['4'], 333)).toEqual({ hits: 1, payout: 3163 }); // 3,163.5
    expect(settle(NORTH, 'north', 'deTail', ['5'], 1)).toEqual({ hits: 1, payout: 9 });
    expect(settle(NORTH, 'north', 'lo2', ['45'], 7)).toEqual({ hits: 5, payout: 3465 });
    expect(settle(NORTH, 'north', 'lo2', ['45'], 101, 99_500)).toEqual({ hits: 5, payout: 50_247 }); // 50,247.5
    // Past 2^53 before the division: 10^8 × 9,800,000 × 2 = 1.96 × 10^15 × 1000.
    expect(settle(NORTH, 'north', 'lo4', ['1234'], 100_000_000, 9_800_001)).toEqual({ hits: 2, payout: 1_960_000_200_000_000 / 1000 });
  });

  it('refuses to settle what the structure does not offer or a malformed ticket', () => {
    const index = indexResult('north', NORTH);
    expect(() => settleTicket(index, { betType: 'sea2Top', numbers: ['45'], stake: 1, oddsX1000: 1 })).toThrow(RangeError);
    expect(() => settleTicket(index, { betType: 'lo2', numbers: ['4'], stake: 1, oddsX1000: 1 })).toThrow(RangeError);
    expect(() => settleTicket(index, { betType: 'lo2', numbers: ['45'], stake: 1.5, oddsX1000: 1 })).toThrow(RangeError);
    expect(() => indexResult('north', SOUTH)).toThrow(/DB numbers have 5 digits/);
  });
});

describe('settling a fixed southCentral result', () => {
  it('charges × 18 and counts lô over its 18 numbers', () => {
    expect(lotteryBetAmount({ chargeMultiplier: chargeMultiplier('lo2', 'southCentral'), combo: false }, 2, 1000)).toBe(36_000);
    expect(settle(SOUTH, 'southCentral', 'lo2', ['56', '11'])).toEqual({ hits: 6, payout: 6 * 99_000 });
    expect(settle(SOUTH, 'southCentral', 'lo3', ['456'])).toEqual({ hits: 3, payout: 3 * 980_000 });
    expect(settle(SOUTH, 'southCentral', 'lo4', ['3456', '0456', '0056'])).toEqual({ hits: 3, payout: 3 * 9_800_000 });
  });

  it('settles đề, đầu/đuôi and 3 càng on the 6-digit special prize', () => {
    expect(settle(SOUTH, 'southCentral', 'de', ['56']).hits).toBe(1);
    expect(settle(SOUTH, 'southCentral', 'deHead', ['5']).hits).toBe(1);
    expect(settle(SOUTH, 'southCentral', 'deTail', ['6']).hits).toBe(1);
    expect(settle(SOUTH, 'southCentral', 'threeCang', ['456']).hits).toBe(1);
    expect(settle(SOUTH, 'southCentral', 'threeCang', ['345']).hits).toBe(0);
  });

  it('settles xiên and lô trượt on its lô', () => {
    expect(settle(SOUTH, 'southCentral', 'xien3', ['56', '77', '01']).hits).toBe(1);
    expect(settle(SOUTH, 'southCentral', 'xien2', ['56', '07']).hits).toBe(0);
    expect(settle(SOUTH, 'southCentral', 'loTruot4', ['10', '12', '13', '14']).hits).toBe(1);
    expect(settle(SOUTH, 'southCentral', 'loTruot4', ['10', '12', '13', '99']).hits).toBe(0);
  });
});

describe('settling a fixed SEA result', () => {
  const seaSettle = (code: TLotteryBetType, numbers: string[], table = SEA) => settle(table, 'sea', code, numbers, 1000, sea(code));
  it('settles 3 top, 3 tod, 2 top and 2 bottom', () => {
    expect(seaSettle('sea3Top', ['456'])).toEqual({ hits: 1, payout: 900_000 });
    expect(seaSettle('sea3Top', ['465', '123']).hits).toBe(0);
    expect(seaSettle('sea3Tod', ['645', '456', '455'])).toEqual({ hits: 2, payout: 300_000 });
    expect(seaSettle('sea2Top', ['56'])).toEqual({ hits: 1, payout: 90_000 });
    expect(seaSettle('sea2Top', ['78']).hits).toBe(0);
    expect(seaSettle('sea2Bottom', ['78'])).toEqual({ hits: 1, payout: 90_000 });
    expect(seaSettle('sea2Bottom', ['56', '87']).hits).toBe(0);
  });

  it('settles run top / bottom once per digit present', () => {
    expect(seaSettle('seaRunTop', ['4', '5', '6', '1'])).toEqual({ hits: 3, payout: 9_600 });
    expect(seaSettle('seaRunBottom', ['7', '8', '1'])).toEqual({ hits: 2, payout: 8_400 });
    const repeated: TResultTable = [row('first', '100999'), row('front3', '111', '222'), row('back3', '333', '444'), row('bottom2', '99')];
    expect(seaSettle('seaRunTop', ['9'], repeated)).toEqual({ hits: 1, payout: 3_200 });
    expect(seaSettle('seaRunBottom', ['9'], repeated)).toEqual({ hits: 1, payout: 4_200 });
    expect(seaSettle('sea3Tod', ['999'], repeated).hits).toBe(1);
    expect(seaSettle('seaRunTop', ['1', '0'], repeated).hits).toBe(0);
  });
});

describe('normaliseNumbers', () => {
  const reason = (code: TLotteryBetType, structure: TStructure, numbers: string[]): string => {
    const r = normaliseNumbers(code, structure, numbers);
    return r.ok ? 'ok' : r.reason;
  };
  it('sorts combinations and keeps other bets in order', () => {
    expect(normaliseNumbers('xien3', 'north', ['45', '07', '12'])).toEqual({ ok: true, numbers: ['07', '12', '45'] });
    expect(normaliseNumbers('lo2', 'north', ['45', '07', '12'])).toEqual({ ok: true, numbers: ['45', '07', '12'] });
  });
  it('refuses wrong digit counts', () => {
    expect(reason('lo2', 'north', ['7'])).toMatch(/2 digit/);
    expect(reason('lo3', 'north', ['0123'])).toMatch(/3 digit/);
    expect(reason('deHead', 'north', ['45'])).toMatch(/1 digit/);
    expect(reason('de', 'north', ['4a'])).toMatch(/2 digit/);
    expect(reason('de', 'north', ['-1'])).toMatch(/2 digit/);
  });
  it('refuses duplicates', () => expect(reason('lo2', 'north', ['12', '34', '12'])).toBe('12 is picked twice'));
  it('refuses too many or too few numbers', () => {
    expect(reason('lo2', 'north', [])).toMatch(/1 to 100/);
    expect(reason('deHead', 'north', Array.from({ length: 11 }, (_, i) => String(i % 10)))).toMatch(/1 to 10/);
    expect(reason('xien2', 'north', ['12'])).toMatch(/exactly 2/);
    expect(reason('xien4', 'north', ['12', '13', '14', '15', '16'])).toMatch(/exactly 4/);
    expect(reason('loTruot8', 'north', ['12', '13', '14', '15'])).toMatch(/exactly 8/);
    expect(reason('lo4', 'north', Array.from({ length: 1001 }, (_, i) => String(i).padStart(4, '0')))).toMatch(/1 to 1000/);
  });
  it('refuses bet types the structure does not offer', () => {
    expect(reason('sea3Top', 'north', ['123'])).toBe('sea3Top is not offered on north draws');
    expect(reason('seaRunTop', 'southCentral', ['1'])).toMatch(/not offered/);
    expect(reason('lo2', 'sea', ['12'])).toMatch(/not offered/);
    expect(reason('deFirst', 'southCentral', ['12'])).toMatch(/not offered/);
    expect(reason('deFirst', 'north', ['12'])).toBe('ok');
  });
});

/** Straight from lottery.md's wording, scanning the table for every ticket. */
function referenceHits(structure: TStructure, table: TResultTable, code: TLotteryBetType, numbers: string[]): number {
  const all = table.flatMap((r) => r.numbers);
  const prize = (p: string): string => table.find((r) => r.prize === p)?.numbers[0] ?? '';
  // lô: the last N digits of every number long enough.
  const lo = (pick: string): number => all.filter((n) => n.length >= pick.length && n.slice(-pick.length) === pick).length;
  const lastOf = (p: string, k: number): string => prize(p).slice(-k);
  const sum = (f: (pick: string) => boolean | number): number => numbers.reduce((s, n) => s + Number(f(n)), 0);
  switch (code) {
    case 'lo2':
    case 'lo3':
    case 'lo4':
      return sum(lo);
    case 'de':
      return sum((n) => lastOf('DB', 2) === n);
    case 'deHead':
      return sum((n) => lastOf('DB', 2)[0] === n);
    case 'deTail':
      return sum((n) => lastOf('DB', 2)[1] === n);
    case 'deFirst':
      return sum((n) => structure === 'north' && lastOf('G1', 2) === n);
    case 'threeCang':
      return sum((n) => lastOf('DB', 3) === n);
    case 'xien2':
    case 'xien3':
    case 'xien4':
      return numbers.every((n) => lo(n) >= 1) ? 1 : 0;
    case 'loTruot4':
    case 'loTruot8':
    case 'loTruot10':
      return numbers.every((n) => lo(n) === 0) ? 1 : 0;
    case 'sea3Top':
      return sum((n) => lastOf('first', 3) === n);
    case 'sea3Tod': {
      const counts = (s: string): string => [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => s.split(String(d)).length - 1).join(',');
      return sum((n) => counts(lastOf('first', 3)) === counts(n));
    }
    case 'sea2Top':
      return sum((n) => lastOf('first', 2) === n);
    case 'sea2Bottom':
      return sum((n) => prize('bottom2') === n);
    case 'seaRunTop':
      return sum((n) => [...lastOf('first', 3)].some((d) => d === n));
    case 'seaRunBottom':
      return sum((n) => [...prize('bottom2')].some((d) => d === n));
  }
}

/** Numbers for a ticket: half of them endings of result numbers (so hits are common), the rest random. */
function randomPicks(random: TTestRandom, table: TResultTable, code: TLotteryBetType, alphabet: number): string[] {
  const { digits, minNumbers, maxNumbers } = BET_RULES[code];
  const upper = Math.max(minNumbers, Math.min(maxNumbers, 6));
  const count = minNumbers + random.int(upper - minNumbers + 1);
  const all = table.flatMap((r) => r.numbers).filter((n) => n.length >= digits);
  const picks = new Set<string>();
  for (let tries = 0; picks.size < count; tries += 1) {
    const fromTable = all[random.int(all.length)];
    const candidate = random.int(2) === 0 && fromTable ? fromTable.slice(-digits) : randomDigits(random, digits, tries > 20 ? 10 : alphabet);
    picks.add(candidate);
  }
  return [...picks];
}

describe('settlement against a naive reference (property test)', () => {
  it('agrees on 2,000 random tables × a random ticket of every bet type', () => {
    const random = testRandom();
    let hitsSeen = 0;
    for (let t = 0; t < 2000; t += 1) {
      const structure = ALL_STRUCTURES[t % 3] as TStructure;
      const alphabet = [2, 3, 10][random.int(3)] as number;
      const table = randomTable(structure, random, alphabet);
      const index = indexResult(structure, table);
      for (const code of LOTTERY_BET_TYPES) {
        if (!isOffered(code, structure)) continue;
        const normalised = normaliseNumbers(code, structure, randomPicks(random, table, code, alphabet));
        if (!normalised.ok) throw new Error(`${normalised.reason} (seed ${random.seedHex})`);
        const stake = 1 + random.int(1_000_000);
        const oddsX1000 = random.int(10_000_000);
        const got = settleTicket(index, { betType: code, numbers: normalised.numbers, stake, oddsX1000 });
        const hits = referenceHits(structure, table, code, normalised.numbers);
        const payout = Number((BigInt(stake) * BigInt(oddsX1000) * BigInt(hits)) / 1000n);
        // expect() only on a mismatch: 30,000 passing assertions would dominate the run time.
        if (got.hits !== hits || got.payout !== payout) {
          expect(got, `${code} ${normalised.numbers.join(',')} on ${JSON.stringify(table)} (seed ${random.seedHex})`).toEqual({ hits, payout });
        }
        if (hits > 0) hitsSeen += 1;
      }
    }
    // The tickets are built to win often enough to test something.
    expect(hitsSeen).toBeGreaterThan(5000);
  });
});
