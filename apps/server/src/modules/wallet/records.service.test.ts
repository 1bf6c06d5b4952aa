import { describe, expect, it } from 'vitest';
import { TRANSACTION_TYPES } from '@playhall/contract/calls/wallet';
import { csvField, entryFilterOf, transactionType } from './records.service.ts';

describe('account record types', () => {
  it('names sided kinds by the sign of the posting', () => {
    expect(transactionType('memberTransfer', -5)).toBe('memberTransferOut');
    expect(transactionType('memberTransfer', 5)).toBe('memberTransferIn');
    expect(transactionType('vendorTransfer', -5)).toBe('vendorTransferOut');
    expect(transactionType('adjustment', -5)).toBe('adjustment');
    expect(transactionType('deposit', 5)).toBe('deposit');
    expect(transactionType('something-new', 5)).toBe('adjustment');
  });

  it('maps every type filter back to the kind and sign it came from', () => {
    for (const type of TRANSACTION_TYPES) {
      const { kind, sign } = entryFilterOf(type);
      expect(transactionType(kind, sign < 0 ? -1 : 1)).toBe(type);
    }
  });
});

describe('csvField', () => {
  it('quotes separators and defuses formulas in text', () => {
    expect(csvField('plain', true)).toBe('plain');
    expect(csvField('a,b', true)).toBe('"a,b"');
    expect(csvField('say "hi"', true)).toBe('"say ""hi"""');
    expect(csvField('=SUM(A1)', true)).toBe("'=SUM(A1)");
    expect(csvField('-0.29', false)).toBe('-0.29');
  });
});
