import { describe, expect, it } from 'vitest';
import { disbursalChannel, disbursalNumberProblem, IndonesiaDisbursalChannels } from './disbursal-channels.js';

describe('Indonesian disbursal channels (Xendit payout channel codes)', () => {
  it('lists each channel once, banks and e-wallets, under Xendit ID_ codes', () => {
    const codes = IndonesiaDisbursalChannels.map((channel) => channel.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((code) => /^ID_[A-Z]+$/.test(code))).toBe(true);
    expect(disbursalChannel('ID_BCA')).toMatchObject({ kind: 'bank', minDigits: 10, maxDigits: 10 });
    expect(disbursalChannel('ID_OVO')).toMatchObject({ kind: 'ewallet', accountLengths: [] });
    expect(disbursalChannel('ID_BRI')!.accountLengths).toEqual([13, 14, 15, 16, 17]);
    expect(disbursalChannel('ID_BCA')!.accountLengths).toEqual([10]);
  });

  it("checks a number against its channel's documented length, and an e-wallet phone's 08 start", () => {
    expect(disbursalNumberProblem('ID_BCA', '1234567890')).toBeNull();
    expect(disbursalNumberProblem('ID_BCA', '123456789')).toBe('length');
    expect(disbursalNumberProblem('ID_BCA', '12345678901')).toBe('length');
    expect(disbursalNumberProblem('ID_BCA', '12345-67890')).toBeNull();
    expect(disbursalNumberProblem('ID_BRI', '012345678901234')).toBeNull();
    expect(disbursalNumberProblem('ID_BCA', '12345678a0')).toBe('not_digits');
    expect(disbursalNumberProblem('ID_OVO', '081234567890')).toBeNull();
    expect(disbursalNumberProblem('ID_OVO', '621234567890')).toBe('not_mobile');
    expect(disbursalNumberProblem('ID_NOWHERE', '1234567890')).toBe('unknown_channel');
  });
});
