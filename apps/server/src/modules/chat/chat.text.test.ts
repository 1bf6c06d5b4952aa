import { describe, expect, it } from 'vitest';
import { cleanChatText } from './chat.text.ts';

describe('cleanChatText', () => {
  it('keeps markup as the characters typed', () => {
    expect(cleanChatText('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
    expect(cleanChatText('<b>x</b> & "y"')).toBe('<b>x</b> & "y"');
  });

  it('turns line breaks and tabs into one space and trims', () => {
    expect(cleanChatText('  hello\r\n\tworld \n')).toBe('hello world');
    expect(cleanChatText('a\u2028b')).toBe('a b');
  });

  it('removes control, bidi and invisible characters', () => {
    expect(cleanChatText('a\u0007b\u0085c')).toBe('ab c');
    expect(cleanChatText('pay\u202Eevil\u202C now')).toBe('payevil now');
    expect(cleanChatText('zero\u200Bwidth\uFEFF')).toBe('zerowidth');
    expect(cleanChatText('\u200B \u2066')).toBe('');
  });

  it('keeps every script and emoji', () => {
    expect(cleanChatText('Xin chào 你好 မင်္ဂလာပါ 🎉👍🏽 👨\u200D👩\u200D👧')).toBe('Xin chào 你好 မင်္ဂလာပါ 🎉👍🏽 👨\u200D👩\u200D👧');
  });
});
