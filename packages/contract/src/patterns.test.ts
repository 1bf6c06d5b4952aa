import { describe, expect, it } from 'vitest';
import { PATTERNS, patternMessage, validateByRule, type TFieldRule } from './patterns.ts';

// Per pattern type of spec §5: values it accepts and values it refuses.
const TABLE: Record<number, { accepted: string[]; refused: string[] }> = {
  0: { accepted: ['anything at all', '中文 !@#', 'x'], refused: [] },
  1: { accepted: ['a', 'abc123', 'Player9'], refused: ['1abc', '_abc', 'ab c', 'abç', 'ab-c'] },
  2: { accepted: ['abc', '张三', 'Li明'], refused: ['abc1', '张 三', '李-四', 'ひらがな'] },
  3: {
    accepted: ['a@b.co', 'first.last+tag@mail.example.com', 'x_y@sub-domain.vn'],
    refused: ['plain', 'a@b', '@b.com', 'a b@c.com', 'a@b.c', 'a@@b.com'],
  },
  4: { accepted: ['abc', '123', 'abc123'], refused: ['中文', 'abc 123', 'abc_123', 'é'] },
  5: { accepted: ['abc123', '1a', 'Z9z9'], refused: ['abcdef', '123456', 'abc 123', 'abc-123'] },
  6: { accepted: ['0', '0123456789'], refused: ['12a', '１２３', '-1', '1.5', '12 34'] },
  7: { accepted: ['Abc123', 'ABC', 'aB1'], refused: ['abc123', 'Abc 123', 'Abc_123'] },
  8: { accepted: ['John Smith', 'abc', 'A B C'], refused: ['John2', 'Jöhn', '   ', 'a-b'] },
  9: { accepted: ['abc', 'a_b-c!', '中文'], refused: ['a b', ' abc', 'abc\t', 'a\u3000b'] },
  10: { accepted: ['张三', '欧阳·娜娜', '你好，世界。'], refused: ['abc', '张三1', '张 三'] },
  11: {
    accepted: ['2024-02-29', '1999-12-31'],
    refused: ['2023-02-29', '2024-13-01', '2024-1-01', '01-31-2024', '2024/01/01'],
  },
  12: { accepted: ['ab', 'Nguyễn Văn An', 'Jo Li'], refused: ['a', 'a ', 'John3', 'ab-cd'] },
  13: {
    accepted: ['02-29-2024', '12-31-1999'],
    refused: ['02-29-2023', '2024-02-29', '13-01-2024', '2-9-2024'],
  },
  14: { accepted: ['abc', '123', 'a1B2'], refused: ['a b', 'a_1', '中'] },
  15: { accepted: ['홍길동', '한국어'], refused: ['hong', '홍 길동', '홍길동1'] },
  16: { accepted: ['สมชาย', 'ภาษาไทย'], refused: ['somchai', 'สม ชาย', 'สมชายA'] },
  17: { accepted: ['สมชาย ใจดี', 'John Smith', 'John สมชาย'], refused: ['John1', '   ', 'สมชาย-ใจดี'] },
  18: { accepted: ['JOHN SMITH', 'A'], refused: ['John', 'JOHN1', '   '] },
  19: { accepted: ['abc', 'P@ss-w0rd!', '~`{}[]'], refused: ['ab c', 'pässword', '中文'] },
  20: {
    accepted: ['Passw0rd!', 'aB3$'],
    refused: ['password', 'Password1', 'PASSWORD1!', 'Pass word1!', 'passw0rd!'],
  },
  21: {
    accepted: ['John Smith', 'Nguyễn Văn An', 'Ana Maria Lopez'],
    refused: ['John', 'John  Smith', ' John Smith', 'John Smith2'],
  },
  22: { accepted: ['やまだ', 'ヤマダ', '山田太郎', 'スーパー'], refused: ['ﾔﾏﾀﾞ', 'yamada', '山田 太郎', '山田1'] },
  23: { accepted: ['ABC', 'Z'], refused: ['AbC', 'AB C', 'AB1'] },
  24: { accepted: ['9', '912345678'], refused: ['812345678', '9a', ' 9', '99 9'] },
};

describe('PATTERNS', () => {
  it('has the 25 pattern types 0..24, each with its own id', () => {
    expect(Object.keys(PATTERNS).map(Number)).toEqual([...Array(25).keys()]);
    for (const [key, pattern] of Object.entries(PATTERNS)) expect(pattern.id).toBe(Number(key));
  });

  for (const [id, { accepted, refused }] of Object.entries(TABLE)) {
    it(`pattern ${id}: ${PATTERNS[Number(id)]?.description}`, () => {
      const pattern = PATTERNS[Number(id)];
      for (const value of accepted) expect(pattern?.test(value), `accepts ${JSON.stringify(value)}`).toBe(true);
      for (const value of refused) expect(pattern?.test(value), `refuses ${JSON.stringify(value)}`).toBe(false);
    });
  }
});

const rule = (over: Partial<TFieldRule> = {}): TFieldRule => ({
  enabled: true,
  required: true,
  acceptedPattern: '',
  patternId: 0,
  minLength: 0,
  maxLength: 0,
  ...over,
});

describe('validateByRule', () => {
  it('ignores a disabled field', () => {
    expect(validateByRule('', rule({ enabled: false }))).toBeNull();
    expect(validateByRule('bad value', rule({ enabled: false, patternId: 6 }))).toBeNull();
  });

  it('refuses an empty or blank required field, lets an optional one be empty', () => {
    expect(validateByRule(undefined, rule())).toBe('required');
    expect(validateByRule('   ', rule())).toBe('required');
    expect(validateByRule('', rule({ required: false, patternId: 6, minLength: 5 }))).toBeNull();
  });

  it('checks the length bounds in characters, 0 as no maximum', () => {
    const r = rule({ patternId: 4, minLength: 6, maxLength: 8 });
    expect(validateByRule('abc12', r)).toBe('pattern_4');
    expect(validateByRule('abc123', r)).toBeNull();
    expect(validateByRule('abc12345', r)).toBeNull();
    expect(validateByRule('abc123456', r)).toBe('pattern_4');
    expect(validateByRule('x'.repeat(200), rule({ minLength: 1 }))).toBeNull();
    // Code points, not UTF-16 units: two emoji are two characters.
    expect(validateByRule('😀😀', rule({ maxLength: 2 }))).toBeNull();
  });

  it('applies the pattern', () => {
    expect(validateByRule('0912345678', rule({ patternId: 6 }))).toBeNull();
    expect(validateByRule('09123x', rule({ patternId: 6 }))).toBe('pattern_6');
  });

  it('applies acceptedPattern as a glob where * is any run of characters', () => {
    const r = rule({ patternId: 6, acceptedPattern: '09*' });
    expect(validateByRule('0912345678', r)).toBeNull();
    expect(validateByRule('0812345678', r)).toBe('pattern_6');
    const literal = rule({ acceptedPattern: 'a.c*' });
    expect(validateByRule('a.cdef', literal)).toBeNull();
    expect(validateByRule('abcdef', literal)).toBe('pattern_0');
    expect(validateByRule('xa.c', literal)).toBe('pattern_0');
  });
});

describe('patternMessage', () => {
  const cases: [string, number, number, string][] = [
    ['Password must be (min) - (max) characters', 6, 16, 'Password must be 6 - 16 characters'],
    ['Password must be (min) - (max) characters', 8, 8, 'Password must be 8 characters'],
    ['Password must be (min)-(max) characters or digits', 6, 6, 'Password must be 6 characters or digits'],
    ['Password must be (min)-(max) characters or digits', 6, 12, 'Password must be 6-12 characters or digits'],
    ['At least (min), at most (max); (min) again', 2, 9, 'At least 2, at most 9; 2 again'],
    ['At least (min), at most (max)', 4, 4, 'At least 4, at most 4'],
    ['No bounds named here', 1, 2, 'No bounds named here'],
  ];
  for (const [template, min, max, expected] of cases) {
    it(`${JSON.stringify(template)} with ${min}, ${max}`, () => {
      expect(patternMessage(template, min, max)).toBe(expected);
    });
  }
});
