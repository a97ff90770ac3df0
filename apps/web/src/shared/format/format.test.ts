import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatTime, stripSeparators, telHref } from './index';

describe('formatMoney', () => {
  it('shows rupiah minor units divided by 100 with dot thousands and two decimals', () => {
    expect(formatMoney(150_000_000, 'ID')).toBe('Rp 1.500.000,00');
  });

  it('shows rupee minor units divided by 100 with two decimals', () => {
    expect(formatMoney(8_000_000, 'IN')).toBe('₹80,000.00');
    expect(formatMoney(200_050, 'IN')).toBe('₹2,000.50');
  });

  it('keeps the paise of an odd amount', () => {
    expect(formatMoney(1, 'IN')).toBe('₹0.01');
    expect(formatMoney(99, 'ID')).toBe('Rp 0,99');
  });
});

describe('dates and times', () => {
  const date = new Date(2026, 0, 5, 7, 8, 9);

  it('formats a date as year-month-day with zero padding', () => {
    expect(formatDate(date)).toBe('2026-01-05');
  });

  it('formats a time as hours:minutes:seconds with zero padding', () => {
    expect(formatTime(date)).toBe('07:08:09');
  });

  it('joins both for a date-time, also from a timestamp', () => {
    expect(formatDateTime(date.getTime())).toBe('2026-01-05 07:08:09');
  });
});

describe('stripSeparators', () => {
  it('removes the separators of an amount sent to the repay page', () => {
    expect(stripSeparators('1.500.000')).toBe('1500000');
    expect(stripSeparators('80,000')).toBe('80000');
    expect(stripSeparators('1 500 000')).toBe('1500000');
  });
});

describe('telHref', () => {
  it('dials the digits of a displayed phone number, keeping the leading +', () => {
    expect(telHref('+91 80 4718 2200')).toBe('tel:+918047182200');
    expect(telHref('(021) 5091-8800')).toBe('tel:02150918800');
  });
});
