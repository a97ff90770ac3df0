/** How a payment was made, in a few words for its receipt: the card, the bank and its number, the mini market, or the e-wallet. */
import type { Payment } from '../../db/schema.js';
import { findMiniMarket, findVirtualAccountBank } from './catalogue.js';

/** An e-wallet's name as the wallet writes it (issue 51). */
const EWALLET_NAMES: Readonly<Record<string, string>> = { OVO: 'OVO', DANA: 'DANA', SHOPEEPAY: 'ShopeePay', LINKAJA: 'LinkAja' };

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
  if (payment.method === 'ewallet' && payment.payCode) return EWALLET_NAMES[payment.payCode] ?? payment.payCode;
  if (payment.method === 'mini_market' && payment.payCode) return findMiniMarket(payment.market, payment.payCode)?.name ?? payment.payCode;
  return '';
};
