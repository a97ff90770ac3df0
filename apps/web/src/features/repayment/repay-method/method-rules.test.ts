import { Limits, PayType } from '@kilat/contract';
import { describe, expect, it } from 'vitest';
import {
  amountParam,
  changePayType,
  miniMarketAdvice,
  noSelection,
  type PayOption,
  selectionFrom,
  selectMethod,
  selectOption,
  toRepayChoice,
} from './method-rules';

const banks: PayOption[] = [
  {
    bankName: 'BCA',
    payCode: 'BCA',
    method: [
      { name: 'ATM', code: 'ATM' },
      { name: 'Mobile banking', code: 'MBANKING' },
    ],
  },
  { bankName: 'BRI', payCode: 'BRI', method: [{ name: 'ATM', code: 'ATM' }] },
];
const markets: PayOption[] = [
  { bankName: 'Alfamart', payCode: 'ALFAMART', method: [] },
  { bankName: 'Indomaret', payCode: 'INDOMARET', method: [] },
];

describe('method chooser', () => {
  it('changing type clears bank and method', () => {
    const bca = selectMethod(selectOption(changePayType(noSelection, PayType.Bank), 'BCA'), 'ATM');
    expect(changePayType(bca, PayType.MiniMarket)).toEqual({ payType: PayType.MiniMarket, payCode: '', methodCode: '' });
    expect(changePayType(bca, PayType.Bank)).toBe(bca);
  });

  it('choosing another bank clears the method, which that bank may not offer', () => {
    const bca = selectMethod(selectOption(changePayType(noSelection, PayType.Bank), 'BCA'), 'MBANKING');
    expect(selectOption(bca, 'BRI')).toEqual({ payType: PayType.Bank, payCode: 'BRI', methodCode: '' });
    expect(selectOption(bca, 'BCA')).toBe(bca);
  });

  it('bank type needs a bank and its method, else the choice is incomplete', () => {
    const bank = changePayType(noSelection, PayType.Bank);
    expect(toRepayChoice(noSelection, banks)).toBeNull();
    expect(toRepayChoice(bank, banks)).toBeNull();
    expect(toRepayChoice(selectOption(bank, 'BCA'), banks)).toBeNull();
    expect(toRepayChoice(selectMethod(selectOption(bank, 'BCA'), 'ATM'), banks)).toEqual({
      payType: PayType.Bank,
      payCode: 'BCA',
      specificNum: 'ATM',
      isDefault: 1,
    });
  });

  it('mini market needs a market, else the choice is incomplete', () => {
    const shop = changePayType(noSelection, PayType.MiniMarket);
    expect(toRepayChoice(shop, markets)).toBeNull();
    expect(toRepayChoice(selectOption(shop, 'ALFAMART'), markets)).toEqual({
      payType: PayType.MiniMarket,
      payCode: 'ALFAMART',
      specificNum: '',
      isDefault: 1,
    });
  });

  it('a choice the server no longer lists, or a list not loaded yet, is incomplete', () => {
    const gone = selectMethod(selectOption(changePayType(noSelection, PayType.Bank), 'BNI'), 'ATM');
    expect(toRepayChoice(gone, banks)).toBeNull();
    const wrongMethod = selectMethod(selectOption(changePayType(noSelection, PayType.Bank), 'BRI'), 'MBANKING');
    expect(toRepayChoice(wrongMethod, banks)).toBeNull();
    expect(toRepayChoice(selectOption(changePayType(noSelection, PayType.MiniMarket), 'ALFAMART'), undefined)).toBeNull();
  });

  it('opens on the saved choice', () => {
    expect(selectionFrom(null)).toEqual(noSelection);
    expect(selectionFrom({ payType: PayType.Bank, payCode: 'BCA', specificNum: 'ATM', isDefault: 1 })).toEqual({
      payType: PayType.Bank,
      payCode: 'BCA',
      methodCode: 'ATM',
    });
  });
});

describe('the mini-market limit', () => {
  it('an amount over Rp 5,000,000 is steered to a bank, or split; the limit itself is not', () => {
    expect(Limits.miniMarketMaxMinor).toBe(500_000_000);
    expect(miniMarketAdvice(500_000_000, 'repay')).toBe('none');
    expect(miniMarketAdvice(500_000_001, 'repay')).toBe('bank-or-split');
    expect(miniMarketAdvice(600_000_000, null)).toBe('bank-or-split');
    expect(miniMarketAdvice(0, null)).toBe('none');
  });

  it('an extension fee over the limit is steered to a bank only: it is paid whole', () => {
    expect(miniMarketAdvice(600_000_000, 'delay')).toBe('bank-only');
    expect(miniMarketAdvice(75_000, 'delay')).toBe('none');
  });

  it('reads the amount param as minor units with the separators already removed (spec §9)', () => {
    expect(amountParam('600000000')).toBe(600_000_000);
    expect(amountParam('6.000.000')).toBe(0);
    expect(amountParam('')).toBe(0);
    expect(amountParam(null)).toBe(0);
  });
});
