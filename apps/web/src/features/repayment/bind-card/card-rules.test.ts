import { describe, expect, it } from 'vitest';
import { bindCardProblem, isLuhnValid, isValidCardNumber, limitCardNumber } from './card-rules';

const valid = { bankCode: 'HDFC', cardNumber: '4000 0000 0000 0077', holderName: 'Asha Rao' };

describe('the bind-card form', () => {
  it('strips non-digits from the card number and groups it by 4', () => {
    expect(limitCardNumber('4000-0000 0000x0077')).toBe('4000 0000 0000 0077');
    expect(limitCardNumber('40000')).toBe('4000 0');
    expect(limitCardNumber('')).toBe('');
  });

  it('takes at most 19 digits', () => {
    expect(limitCardNumber('1234567890123456789999')).toBe('1234 5678 9012 3456 789');
  });

  it('checks the Luhn digit', () => {
    expect(isLuhnValid('4000000000000077')).toBe(true);
    expect(isLuhnValid('4111111111111111')).toBe(true);
    expect(isLuhnValid('4000000000000078')).toBe(false);
    expect(isLuhnValid('79927398713')).toBe(true);
    expect(isLuhnValid('')).toBe(false);
  });

  it('refuses a number shorter than 12 digits even when its Luhn digit is right', () => {
    expect(isValidCardNumber('7992 7398 713')).toBe(false);
    expect(isValidCardNumber('4000 0000 0000 0077')).toBe(true);
  });

  it('asks for the bank, then a valid card number, then the holder name', () => {
    expect(bindCardProblem({ ...valid, bankCode: '' })).toBe('chooseBank');
    expect(bindCardProblem({ ...valid, cardNumber: '4000 0000 0000 0078' })).toBe('invalidCardNumber');
    expect(bindCardProblem({ ...valid, holderName: ' A ' })).toBe('enterHolderName');
    expect(bindCardProblem(valid)).toBeNull();
  });
});
