/** The card calls of spec §7 Repayment (bank-list and bind-card are ours, DESIGN §5): thin, the service decides. */
import type { CallHandlers } from '../../http/contract-route.js';
import type { CardsService } from './service.js';

export const cardHandlers = (cards: CardsService): CallHandlers => ({
  bankList: async ({ borrower }) => cards.bankList(borrower.market),
  bindCard: async ({ input, borrower }) => cards.bindCard(borrower, input),
  repaymentWay: async ({ input, borrower }) => cards.repaymentWay(borrower, input),
  repaymentCommit: async ({ input, borrower }) => cards.repaymentCommit(borrower, input),
  repaymentConfirm: async ({ input, borrower }) => cards.repaymentConfirm(borrower, input),
});
