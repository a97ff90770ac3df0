/**
 * How the repayment flow's pages hand over to each other (decision 019): pay-way, bind card and the
 * third-party page pass the payment between them, the Indonesian pages pass the amount, and a
 * finished payment lands on its result. Amounts are minor units as plain digits (spec §9). The door
 * into the flow from outside it (`repayHref`, `payWayHref`) is shared/repay-entry.ts (decision 125).
 */
import type { PaymentPurpose } from '@kilat/contract/schemas';
import { stripSeparators } from '@/shared/format';
import { Paths } from '@/shared/paths';
import type { QueryContext } from '@/shared/query-context';
import { type PayWayParams, payWayHref } from '@/shared/repay-entry';

/** Only 'delay' buys an extension; anything else repays the loan (decision 019). */
export const purposeOf = (text: string): PaymentPurpose => (text === 'delay' ? 'delay' : 'repay');

/** A minor-unit amount of an address, separators removed (spec §9); undefined when absent or not positive. */
export const amountOf = (text: string): number | undefined => {
  const digits = stripSeparators(text);
  if (!/^\d{1,15}$/.test(digits)) return undefined;
  const amount = Number(digits);
  return amount > 0 ? amount : undefined;
};

/** The flow's parameters: order and product from the query context, the rest from this page's address only. */
export const readPayWayParams = (param: (name: string) => string, context: Pick<QueryContext, 'orderId' | 'productId'>): PayWayParams => ({
  orderId: context.orderId,
  productId: context.productId,
  withholdingAmount: String(amountOf(param('withholdingAmount')) ?? ''),
  couponId: param('couponId'),
  couponMoney: param('couponMoney'),
  purpose: purposeOf(param('purpose')),
  cardId: param('cardId'),
});

/** Bind card, opened from pay-way with the spec's parameters (spec §2 `#/addnormalcard`). */
export const bindCardHref = (params: PayWayParams): string => {
  const { orderId, productId, couponMoney, couponId, withholdingAmount, purpose } = params;
  const query = new URLSearchParams({ orderId, productId, couponMoney, couponId, withholdingAmount, from: 'payway', purpose });
  return `#${Paths.hash.bindCard}?${query}`;
};

/** The coupon chosen on pay-way, carried as the spec's couponId when there is one (issue 50). */
const withCoupon = (query: URLSearchParams, couponId: string): URLSearchParams => {
  if (couponId) query.set('couponId', couponId);
  return query;
};

/** The third-party payment page, with the amount repayment-way bound (spec §2 `#/alipayrepayment`). */
export const thirdPartyHref = (params: PayWayParams, amountMinor: number): string => {
  const { orderId, productId, purpose, couponId } = params;
  const query = new URLSearchParams({ orderId, productId, withholdingAmount: String(amountMinor), from: 'payway', purpose });
  return `#${Paths.hash.thirdPartyPayment}?${withCoupon(query, couponId)}`;
};

/** India's Pay by UPI page, with the amount repayment-way bound (issue 51). */
export const upiHref = (params: PayWayParams, amountMinor: number): string => {
  const { orderId, productId, purpose, couponId } = params;
  const query = new URLSearchParams({ orderId, productId, withholdingAmount: String(amountMinor), from: 'payway', purpose });
  return `#${Paths.hash.upiPayment}?${withCoupon(query, couponId)}`;
};

/** Indonesia's e-wallet and QRIS page, with the amount repayment-way bound (issue 51). */
export const walletHref = (params: PayWayParams, amountMinor: number): string => {
  const { orderId, productId, purpose, couponId } = params;
  const query = new URLSearchParams({ orderId, productId, withholdingAmount: String(amountMinor), from: 'payway', purpose });
  return `#${Paths.hash.walletPayment}?${withCoupon(query, couponId)}`;
};

/** The Indonesian method chooser, linked from pay-way. */
export const methodChooserHref = (params: PayWayParams, amountMinor: number): string => {
  const { orderId, productId, purpose, couponId } = params;
  const query = new URLSearchParams({ orderId, productId, amount: String(amountMinor), display: '1', purpose });
  return `${Paths.repayMethodChooser}?${withCoupon(query, couponId)}`;
};

/** Pay-way for the order and amount of a /that or /individual address opened in India (decision 052). */
export const indiaPayWayHref = (search: string, context: Pick<QueryContext, 'orderId' | 'productId'>): string => {
  const params = new URLSearchParams(search);
  return payWayHref({
    orderId: context.orderId,
    productId: context.productId,
    withholdingAmount: String(amountOf(params.get('amount') ?? '') ?? ''),
    purpose: purposeOf(params.get('purpose') ?? ''),
    couponId: '',
    couponMoney: '',
  });
};

/** The device parameters a borrow-detail address carries (spec §2); never the session token, which stays in storage. */
const deviceParams = [
  'isNeedPop',
  'deviceId',
  'appVersion',
  'appName',
  'deviceName',
  'osVersion',
  'clientType',
  'merchantNumber',
  'gid',
  'platform',
] as const;

const withDeviceParams = (params: URLSearchParams, context?: Partial<QueryContext>): URLSearchParams => {
  for (const name of deviceParams) {
    const value = context?.[name];
    if (value) params.set(name, value);
  }
  return params;
};

/** Borrow detail with the product, the order and the page's device parameters (spec §2, §4). */
export const borrowDetailHref = (productId: string, orderId: string, context?: Partial<QueryContext>): string =>
  `#${Paths.hash.borrowDetail}?${withDeviceParams(new URLSearchParams({ productId, orderId }), context)}`;

/** Where a started payment lands: its result screen (decision 050), which leads on to borrow detail. */
export const paymentResultHref = (productId: string, orderId: string, paymentId: string, context?: Partial<QueryContext>): string =>
  `#${Paths.hash.paymentResult}?${withDeviceParams(new URLSearchParams({ productId, orderId, paymentId }), context)}`;
