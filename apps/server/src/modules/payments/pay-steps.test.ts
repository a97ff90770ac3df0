import { Locale, Market } from '@kilat/contract';
import { describe, expect, it } from 'vitest';
import { miniMarkets, virtualAccountBanks } from './catalogue.js';
import { bankPaySteps, methodNames, miniMarketPaySteps } from './pay-steps.js';

const values = { code: '8808123456789012', amount: 'Rp 150.000,00' };

describe('the virtual-account page steps', () => {
  it('tells every way to pay of every bank, in both languages, with the code and the amount filled in', () => {
    for (const locale of [Locale.India, Locale.Indonesia]) {
      for (const bank of virtualAccountBanks[Market.Indonesia]) {
        for (const method of bank.methods) {
          const steps = bankPaySteps(locale, method, { ...values, bank: bank.bankName });
          const text = steps.join(' ');
          expect(text, `${locale} ${bank.payCode} ${method}`).toContain(values.code);
          expect(text).toContain(values.amount);
          expect(text).toContain(bank.bankName);
          expect(text).not.toMatch(/\{\w+\}/);
          expect(methodNames[locale][method]).toBeTruthy();
        }
      }
    }
  });

  it('tells the mini-market steps in both languages, naming the shop', () => {
    for (const locale of [Locale.India, Locale.Indonesia]) {
      for (const shop of miniMarkets[Market.Indonesia]) {
        const text = miniMarketPaySteps(locale, { ...values, shop: shop.name }).join(' ');
        expect(text).toContain(shop.name);
        expect(text).toContain(values.code);
        expect(text).toContain(values.amount);
        expect(text).not.toMatch(/\{\w+\}/);
      }
    }
  });
});
