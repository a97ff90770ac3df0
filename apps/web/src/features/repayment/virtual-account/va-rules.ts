import type { PaymentPurpose } from '@kilat/contract/schemas';
import type { RepayChoice } from '../repay-choice';
import type { GenerateVirtualAccountParams } from './api/generate-virtual-account';

/** What /that reads from its address (spec §2: amount and display) and the shared order params. */
export interface VirtualAccountPageParams {
  orderId: string;
  productId: string;
  /** minor units, plain digits in the address (spec §9) */
  amount: number;
  display: 0 | 1;
  purpose: PaymentPurpose;
  /** the coupon chosen for this code (issue 50, the spec's couponId); '' for none */
  couponId: string;
}

/** The page's params, or null when the link lacks the order, the product or a positive amount. */
export const readPageParams = (search: string, order: { orderId: string; productId: string }): VirtualAccountPageParams | null => {
  const params = new URLSearchParams(search);
  const amountText = params.get('amount') ?? '';
  const amount = /^\d{1,13}$/.test(amountText) ? Number(amountText) : 0;
  if (!order.orderId || !order.productId || amount <= 0) return null;
  return {
    orderId: order.orderId,
    productId: order.productId,
    amount,
    display: params.get('display') === '1' ? 1 : 0,
    // absent means a repayment (decision 019); the extension page says delay
    purpose: params.get('purpose') === 'delay' ? 'delay' : 'repay',
    couponId: (params.get('couponId') ?? '').trim(),
  };
};

/** generate-vcode's fields (spec §7) from the page's params and the saved choice. */
export const generateVcodeFields = (page: VirtualAccountPageParams, choice: RepayChoice): GenerateVirtualAccountParams => ({
  productId: page.productId,
  orderId: page.orderId,
  amount: page.amount,
  payCode: choice.payCode,
  pay_type: choice.payType,
  is_default: choice.isDefault,
  is_display: page.display,
  specific_num: choice.specificNum,
  purpose: page.purpose,
  ...(page.couponId ? { couponId: page.couponId } : {}),
});

/** Copies with the Clipboard API; false when there is none (an insecure page, an old webview) or it refuses. */
export const copyWithClipboard = async (text: string, clipboard: Pick<Clipboard, 'writeText'> | undefined): Promise<boolean> => {
  if (!clipboard) return false;
  try {
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
};

/** The page's query with another coupon chosen ('' for none), and no bill number: a new code is asked for. */
export const withCouponId = (search: string, couponId: string, couponMoney: number): string => {
  const params = new URLSearchParams(search);
  params.delete('paymentId');
  if (couponId) {
    params.set('couponId', couponId);
    params.set('couponMoney', String(couponMoney));
  } else {
    params.delete('couponId');
    params.delete('couponMoney');
  }
  return params.toString();
};

/** The page's query with the code's bill number set, so a reload finds that payment again. */
export const withPaymentId = (search: string, paymentId: string): string => {
  const params = new URLSearchParams(search);
  params.set('paymentId', paymentId);
  return params.toString();
};
