import { type MessageKey, OrderStatus } from '@kilat/contract';
import type { MyOrder } from '@kilat/contract/schemas';
import { Paths } from '@/shared/paths';

/** The status line of each order: loan details' own headline for that status. */
const headlines: Record<OrderStatus, MessageKey> = {
  [OrderStatus.UnderReview]: 'loanNotice21',
  [OrderStatus.Rejected]: 'loanNotice110',
  [OrderStatus.Disbursing]: 'loanNotice151',
  [OrderStatus.Disbursed]: 'loanNotice170',
  [OrderStatus.DueSoon]: 'loanNotice174',
  [OrderStatus.Overdue]: 'loanNotice180',
  [OrderStatus.InstallmentPartlyPaid]: 'loanNotice3',
  [OrderStatus.Extended]: 'loanNotice5',
  [OrderStatus.Settled]: 'loanNotice200',
  [OrderStatus.ClosedEarly]: 'loanNotice4',
};

export const statusHeadline = (status: number): MessageKey => headlines[status as OrderStatus] ?? 'loanNotice21';

/** An order's status line: a loan settled by agreement or written off says so, not "settled" (issue 46). */
export const orderHeadline = (order: Pick<MyOrder, 'orderStatus' | 'closedBy'>): MessageKey =>
  order.closedBy === 'settlement'
    ? 'loanNoticeSettledByAgreement'
    : order.closedBy === 'write_off'
      ? 'loanNoticeWrittenOff'
      : statusHeadline(order.orderStatus);

/**
 * Running loans, the most pressing first: overdue, due soon, extended, instalments partly paid,
 * disbursed, then being paid out and under review. Rejected, settled and closed loans are history.
 */
const RUNNING_BY_URGENCY: readonly number[] = [
  OrderStatus.Overdue,
  OrderStatus.DueSoon,
  OrderStatus.Extended,
  OrderStatus.InstallmentPartlyPaid,
  OrderStatus.Disbursed,
  OrderStatus.Disbursing,
  OrderStatus.UnderReview,
];

/** The loan main shows: the most pressing running one (the newest among equals: the list is newest first), or none. */
export const currentLoan = (orders: readonly MyOrder[]): MyOrder | null => {
  for (const status of RUNNING_BY_URGENCY) {
    const order = orders.find((entry) => entry.orderStatus === status);
    if (order) return order;
  }
  return null;
};

export interface MainActions {
  repay: boolean;
  delay: boolean;
  /** no running loan: the products to apply for, the 'loan more' of a settled loan */
  loanMore: boolean;
}

/** The action of main as loan details has it (spec §4): owing loans repay, with 'delay' when isDelay is 1. */
export const mainActions = (order: MyOrder | null): MainActions => {
  if (!order) return { repay: false, delay: false, loanMore: true };
  const owing = order.amountDue > 0;
  return { repay: owing, delay: owing && order.isDelay === 1, loanMore: false };
};

/** The pages of one order take its product and order ids from the address (spec §4 navigation). */
export const orderHref = (path: string, order: Pick<MyOrder, 'productId' | 'orderId'>): string =>
  `${path}?${new URLSearchParams({ productId: order.productId, orderId: order.orderId })}`;

export const loanDetailsHref = (order: Pick<MyOrder, 'productId' | 'orderId'>) => orderHref(Paths.loanDetails, order);
export const repayHref = (order: Pick<MyOrder, 'productId' | 'orderId'>) => orderHref(Paths.repay, order);
export const delayHref = (order: Pick<MyOrder, 'productId' | 'orderId'>) => orderHref(Paths.repayDelay, order);
export const productDetailHref = (productId: string) => `${Paths.productDetail}?${new URLSearchParams({ productId })}`;
/** Applying starts with the application form, which hands over to loan confirm (decision 076). */
export const applyHref = (productId: string) => `${Paths.application}?${new URLSearchParams({ productId })}`;
