/** How a payment was made, in a few words for its receipt: the card, the bank and its number, or the mini market. */
import type { Payment } from '../../db/schema.js';
import { findMiniMarket, findVirtualAccountBank } from './catalogue.js';

export interface CardOfPayment {
  bankName: string;
  last4: string;
}

/** The card (bank and last 4), the bank and virtual-account number, or the mini market; '' for the checkout page. */
export const methodDetailOf = (payment: Pick<Payment, 'method' | 'market' | 'payCode' | 'vcode'>, card: CardOfPayment | null): string => {
  if (payment.method === 'card') return card ? `${card.bankName} ···· ${card.last4}` : '';
  if (payment.method === 'virtual_account' && payment.payCode) {
    const bank = findVirtualAccountBank(payment.market, payment.payCode)?.bankName ?? payment.payCode;
    return payment.vcode ? `${bank} ${payment.vcode}` : bank;
  }
  if (payment.method === 'mini_market' && payment.payCode) return findMiniMarket(payment.market, payment.payCode)?.name ?? payment.payCode;
  return '';
};
