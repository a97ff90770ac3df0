import { checkDisbursalAccount, Market } from '@kilat/contract';
import { describe, expect, it } from 'vitest';
import { accountInput, emptyForm, expectedLength, fieldOfProblem, limitAccountNumber, limitIfsc } from './account-rules';

describe('the disbursal account form (issue 28)', () => {
  it('starts India on a bank account and Indonesia on the first bank and e-wallet of the channel list, the name filled', () => {
    expect(emptyForm(Market.India, 'Meera Iyer')).toMatchObject({ kind: 'bank', holderName: 'Meera Iyer' });
    expect(emptyForm(Market.Indonesia, '')).toMatchObject({ kind: 'bank', bankChannel: 'ID_BCA', walletChannel: 'ID_OVO' });
  });

  it('sends only the chosen kind’s fields', () => {
    const form = { ...emptyForm(Market.Indonesia, 'Siti Rahma'), accountNumber: '1234567890', phone: '081234567890' };
    expect(accountInput(Market.Indonesia, form)).toEqual({
      kind: 'bank',
      holderName: 'Siti Rahma',
      accountNumber: '1234567890',
      channelCode: 'ID_BCA',
    });
    expect(accountInput(Market.Indonesia, { ...form, kind: 'ewallet' })).toEqual({
      kind: 'ewallet',
      holderName: 'Siti Rahma',
      channelCode: 'ID_OVO',
      phone: '081234567890',
    });
    expect(accountInput(Market.India, { ...form, kind: 'upi', vpa: 'meera@okhdfcbank' })).toEqual({
      kind: 'upi',
      holderName: 'Siti Rahma',
      vpa: 'meera@okhdfcbank',
    });
  });

  it('keeps digits in an account number and capitals in an IFSC as they are typed', () => {
    expect(limitAccountNumber('1234 5678-90')).toBe('1234567890');
    expect(limitIfsc('hdfc 000-1234 5')).toBe('HDFC0001234');
  });

  it('tells the expected length of the chosen bank, and puts a channel refusal on the picker of the kind', () => {
    expect(expectedLength('ID_BCA')).toEqual({ bank: 'BCA', lengths: '10' });
    expect(expectedLength('ID_BRI')).toEqual({ bank: 'BRI', lengths: '13–17' });
    expect(expectedLength('ID_OVO')).toBeNull();
    const wallet = checkDisbursalAccount(Market.Indonesia, {
      kind: 'ewallet',
      holderName: 'Siti',
      channelCode: 'ID_BCA',
      phone: '081234567890',
    });
    expect(fieldOfProblem(wallet, 'ewallet')).toBe('walletChannel');
  });
});
