/** The Loan (v3) calls of spec §7 that read or change an order or an offer, and the event save (moduleId 30 is the 'loan more' tap on loan details, spec §9); agreements have their own module. */
import type { MessageKey } from '@kilat/contract';
import type { FastifyRequest } from 'fastify';
import type { CallHandlers } from '../../http/contract-route.js';
import { messageFor, requestLocale } from '../../http/language.js';
import type { Speak } from '../../lending/pricing-view.js';
import type { LoansService } from './service.js';

export const speakerFor =
  (request: FastifyRequest): Speak =>
  (key: MessageKey, values) =>
    messageFor(request, key, values);

export const loanHandlers = (loans: LoansService): CallHandlers => ({
  loanConfirm: async ({ input, borrower, request }) => {
    const { id, market } = borrower;
    return loans.confirm(id, market, input, speakerFor(request));
  },
  loanPush: async ({ input, borrower }) => {
    const { id, market } = borrower;
    return loans.push(id, market, input);
  },
  loanDetails: async ({ input, borrower, request }) =>
    loans.details(borrower.id, input.productId, input.orderId, speakerFor(request), requestLocale(request)),
  installmentPlan: async ({ input, borrower, request }) =>
    loans.installmentPlan(borrower.id, input.productId, input.orderId, speakerFor(request)),
  delayDetail: async ({ input, borrower, request }) => loans.delayDetail(borrower.id, input.productId, input.orderId, speakerFor(request)),
  loanWithdraw: async ({ input, borrower }) => loans.withdraw(borrower.id, input),
  loanStatement: async ({ input, borrower, request }) => loans.statement(borrower.id, input, requestLocale(request)),
  loanClosureLetter: async ({ input, borrower }) => loans.closureLetter(borrower.id, input),
  storeScore: async ({ input, borrower }) => loans.storeScore(borrower.id, input),
  recommendedTap: async ({ input, borrower }) => {
    const { id, market } = borrower;
    return loans.recommendedTap(id, market, input);
  },
  eventSave: async ({ input, borrower }) => {
    const { id, market } = borrower;
    return loans.saveEvent(id, market, input);
  },
});
