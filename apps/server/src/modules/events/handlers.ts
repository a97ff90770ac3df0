/** The event save of spec §7: moduleId 30 is the 'loan more' tap on loan details (spec §9). */
import type { CallHandlers } from '../../http/contract-route.js';
import type { LoansService } from '../loans/service.js';

export const eventHandlers = (loans: LoansService): CallHandlers => ({
  eventSave: async ({ input, borrower }) => {
    const { id, market } = borrower;
    return loans.saveEvent(id, market, input);
  },
});
