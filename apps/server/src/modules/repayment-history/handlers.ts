/** Repayment history and receipts (issue 17): the calls of the history and receipt pages. */
import type { CallHandlers } from '../../http/contract-route.js';
import type { RepaymentHistoryService } from './service.js';

export const repaymentHistoryHandlers = (history: RepaymentHistoryService): CallHandlers => ({
  repaymentHistory: async ({ borrower, input }) => ({ list: await history.history(borrower.id, input.orderId || undefined) }),
  repaymentReceipt: async ({ borrower, input }) => history.receipt(borrower.id, input.paymentId),
});
