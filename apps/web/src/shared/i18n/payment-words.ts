import type { CallData } from '@kilat/contract/schemas';
import type { WebMessageKey } from './messages';

type PaymentResult = CallData<'paymentResult'>;

/** The shell's words for how a payment was made and what it paid for: the result screen and the repayment history say them alike. */
export const paymentMethodKey: Record<PaymentResult['method'], WebMessageKey> = {
  card: 'payMethodCard',
  virtual_account: 'payMethodVirtualAccount',
  mini_market: 'payMethodMiniMarket',
  checkout: 'payMethodCheckout',
  upi: 'payMethodUpi',
  ewallet: 'payMethodEwallet',
  qris: 'payMethodQris',
  autopay: 'payMethodAutopay',
};
export const paymentPurposeKey: Record<PaymentResult['purpose'], WebMessageKey> = { repay: 'payPurposeRepay', delay: 'payPurposeDelay' };
