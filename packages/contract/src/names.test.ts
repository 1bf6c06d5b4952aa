import { describe, expect, it } from 'vitest';
import { isSafeAccountName, isSafeDisplayName } from './names.ts';

// The review's probes (issue 15) and their neighbours.
const RLO = '\u202E';

describe('isSafeAccountName', () => {
  it('takes plain names in one script, or Latin with Chinese, Japanese or Korean', () => {
    for (const name of ['member01', 'Alice_2024', 'a.b-c', 'bob@example.org', 'иван2024', 'Νίκος', '张伟88', 'tanaka田中たなか', 'kim김철수', 'สมชาย']) {
      expect(isSafeAccountName(name), name).toBe(true);
    }
  });

  it('refuses markup, spaces, hidden and direction-changing characters', () => {
    for (const name of ['<img src=x onerror=alert(1)>qtx', 'a bhqc', `abc${RLO}fdp.exe`, 'ab\u200Bcd', 'ab\u00ADcd', 'ab\uFEFFcd', 'ab\u2066cd', 'ab\u00A0cd', 'ab\u3164cd', 'ab\tcd', '']) {
      expect(isSafeAccountName(name), JSON.stringify(name)).toBe(false);
    }
  });

  it('refuses look-alikes: mixed scripts, another script posing as Latin, full-width and decomposed forms', () => {
    for (const name of ['аbiapcwy7n' /* Cyrillic а */, 'pаypal', 'раураl', 'ΑΒΕ123', 'ｍember01', 'cafe\u0301', 'ımember', 'ᴀdmin', 'abc٣']) {
      expect(isSafeAccountName(name), name).toBe(false);
    }
  });
});

describe('isSafeDisplayName', () => {
  it('takes names in any script with their marks and single spaces', () => {
    for (const name of ['Tran Thi Mai', 'Nguyễn Văn A', 'Nguye\u0302\u0303n', 'José María', '王小明', 'สมชาย ใจดี', 'O\'Brien']) {
      expect(isSafeDisplayName(name), name).toBe(true);
    }
  });

  it('refuses bidi controls, invisible characters, other spaces and loose marks', () => {
    for (const name of [`Bob${RLO}gnp.exe`, 'Bo\u200Db', 'Bob\u2028', 'Bob\u3000Lee', '\u0301Bob', 'Z\u0301\u0302\u0303\u0304\u0305', 'Bob\u2800', 'Bob\u0007']) {
      expect(isSafeDisplayName(name), JSON.stringify(name)).toBe(false);
    }
  });
});
