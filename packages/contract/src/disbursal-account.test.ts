import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Market } from './common-params.js';
import {
  bankOfIfsc,
  checkDisbursalAccount,
  IndianBanksByIfscPrefix,
  isValidIfsc,
  lastFourOf,
  lengthsText,
  UPI_PATTERN,
} from './disbursal-account.js';
import { IndonesiaDisbursalChannels } from './disbursal-channels.js';
import { enIN } from './texts/en-IN.js';
import { idID } from './texts/id-ID.js';

const indiaBank = { kind: 'bank', holderName: 'Meera Iyer', accountNumber: '1234567890123', ifsc: 'HDFC0001234' };

describe('the disbursal account format rules (issue 28)', () => {
  it('takes an IFSC of 4 letters, 0 and 6 letters or digits, as typed in any case and with spaces', () => {
    for (const ifsc of ['HDFC0001234', 'sbin0000001', 'ICIC 0ABC12 3', 'UTIB0A1B2C3']) expect(isValidIfsc(ifsc), ifsc).toBe(true);
    for (const ifsc of ['HDFC1001234', 'HDF00001234', 'HDFC000123', 'HDFC00012345', '1234012345X', 'HDFC0_01234']) {
      expect(isValidIfsc(ifsc), ifsc).toBe(false);
    }
  });

  it('names the bank from the first four letters of the IFSC as soon as they are typed', () => {
    expect(bankOfIfsc('HDF')).toBeNull();
    expect(bankOfIfsc('hdfc')).toBe('HDFC Bank');
    expect(bankOfIfsc('SBIN0001')).toBe('State Bank of India');
    expect(bankOfIfsc('ZZZZ0001234')).toBeNull();
    for (const prefix of [
      'SBIN',
      'HDFC',
      'ICIC',
      'UTIB',
      'PUNB',
      'BARB',
      'CNRB',
      'UBIN',
      'KKBK',
      'IDIB',
      'BKID',
      'IOBA',
      'YESB',
      'INDB',
      'IDFB',
      'FDRL',
    ]) {
      expect(IndianBanksByIfscPrefix[prefix], prefix).toBeTruthy();
    }
  });

  it('accepts a valid Indian bank account, normalised, with the bank named', () => {
    expect(checkDisbursalAccount(Market.India, { ...indiaBank, ifsc: 'hdfc 0001234', accountNumber: '1234 5678 90123' })).toEqual({
      ok: true,
      account: {
        market: 'IN',
        kind: 'bank',
        holderName: 'Meera Iyer',
        accountNumber: '1234567890123',
        ifsc: 'HDFC0001234',
        bankName: 'HDFC Bank',
      },
    });
  });

  it('refuses a wrong IFSC, an account number outside 9–18 digits and a name of digits, each by its field', () => {
    expect(checkDisbursalAccount(Market.India, { ...indiaBank, ifsc: 'HDFC1234567' })).toMatchObject({
      ok: false,
      field: 'ifsc',
      problem: 'disbursalIfscInvalid',
    });
    for (const accountNumber of ['12345678', '1234567890123456789', '12345678a']) {
      expect(checkDisbursalAccount(Market.India, { ...indiaBank, accountNumber })).toMatchObject({ ok: false, field: 'accountNumber' });
    }
    expect(checkDisbursalAccount(Market.India, { ...indiaBank, holderName: '1234' })).toMatchObject({ ok: false, field: 'holderName' });
    expect(checkDisbursalAccount(Market.India, { ...indiaBank, kind: 'ewallet' })).toMatchObject({ ok: false, field: 'kind' });
  });

  it('takes a UPI ID as handle@psp and refuses anything else', () => {
    expect(checkDisbursalAccount(Market.India, { kind: 'upi', holderName: 'Meera Iyer', vpa: ' meera.iyer-1@okhdfcbank ' })).toMatchObject({
      ok: true,
      account: { kind: 'upi', vpa: 'meera.iyer-1@okhdfcbank' },
    });
    for (const vpa of ['meera', 'm@okhdfcbank', 'meera@ok1', 'meera@@ybl', 'meera @ybl', '@ybl']) {
      expect(checkDisbursalAccount(Market.India, { kind: 'upi', holderName: 'Meera Iyer', vpa }), vpa).toMatchObject({
        ok: false,
        field: 'vpa',
      });
    }
  });

  it('takes an Indonesian bank account only at its bank’s length, and says the length', () => {
    const bca = { kind: 'bank', holderName: 'Siti Rahma', channelCode: 'ID_BCA' };
    expect(checkDisbursalAccount(Market.Indonesia, { ...bca, accountNumber: '1234567890' })).toMatchObject({
      ok: true,
      account: { bankName: 'BCA' },
    });
    expect(checkDisbursalAccount(Market.Indonesia, { ...bca, accountNumber: '123456789' })).toEqual({
      ok: false,
      field: 'accountNumber',
      problem: 'disbursalAccountLength',
      values: { bank: 'BCA', lengths: '10' },
    });
    expect(checkDisbursalAccount(Market.Indonesia, { ...bca, channelCode: 'ID_OVO', accountNumber: '1234567890' })).toMatchObject({
      field: 'channelCode',
    });
    expect(checkDisbursalAccount(Market.Indonesia, { ...bca, channelCode: 'ID_NOPE' })).toMatchObject({ field: 'channelCode' });
    expect(checkDisbursalAccount(Market.Indonesia, { ...bca, kind: 'upi' })).toMatchObject({ field: 'kind' });
  });

  it('takes an e-wallet by an Indonesian mobile, written 08… as Xendit takes it', () => {
    const ovo = { kind: 'ewallet', holderName: 'Siti Rahma', channelCode: 'ID_OVO' };
    expect(checkDisbursalAccount(Market.Indonesia, { ...ovo, phone: '0812-3456-7890' })).toMatchObject({
      ok: true,
      account: { phone: '081234567890' },
    });
    expect(checkDisbursalAccount(Market.Indonesia, { ...ovo, phone: '+62 812-3456-7890' })).toMatchObject({
      ok: true,
      account: { phone: '081234567890' },
    });
    for (const phone of ['9876543210', '0812345']) {
      expect(checkDisbursalAccount(Market.Indonesia, { ...ovo, phone }), phone).toMatchObject({ ok: false, field: 'phone' });
    }
  });

  it('accepts every bank number of a listed length and refuses every other length (property)', () => {
    const banks = IndonesiaDisbursalChannels.filter((channel) => channel.kind === 'bank');
    fc.assert(
      fc.property(fc.constantFrom(...banks), fc.integer({ min: 4, max: 22 }), (channel, length) => {
        const accountNumber = '7'.repeat(length);
        const result = checkDisbursalAccount(Market.Indonesia, {
          kind: 'bank',
          holderName: 'Siti',
          channelCode: channel.code,
          accountNumber,
        });
        expect(result.ok).toBe(length >= channel.minDigits && length <= channel.maxDigits);
      }),
    );
  });

  it('keeps the last four of a number, a UPI handle or a phone', () => {
    expect(lastFourOf('1234567890123')).toBe('0123');
    expect(lastFourOf('borrower9002@okhdfcbank')).toBe('9002');
    expect(lastFourOf('+6281234567890')).toBe('7890');
  });

  it('has every refusal in both packs and joins lengths in the language', () => {
    const problems = [
      'disbursalKindInvalid',
      'disbursalHolderNameInvalid',
      'disbursalAccountNumberInvalid',
      'disbursalIfscInvalid',
      'disbursalUpiInvalid',
      'disbursalChannelInvalid',
      'disbursalAccountLength',
      'disbursalWalletPhoneInvalid',
    ] as const;
    for (const key of problems) {
      expect(enIN[key]).toBeTruthy();
      expect(idID[key]).toBeTruthy();
    }
    expect(lengthsText(IndonesiaDisbursalChannels.find((channel) => channel.code === 'ID_BRI')!)).toBe('13–17');
    expect(UPI_PATTERN.test('a@bc')).toBe(false);
  });
});
