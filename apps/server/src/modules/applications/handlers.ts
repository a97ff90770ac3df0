/** The application form's call (issue 17). */
import type { CallHandlers } from '../../http/contract-route.js';
import type { ApplicationsService } from './service.js';

export const applicationHandlers = (applications: ApplicationsService): CallHandlers => ({
  applicationSubmit: async ({ input, borrower }) => {
    const { id, market } = borrower;
    return applications.submit(id, market, input);
  },
  lastApplication: async ({ borrower }) => applications.last(borrower.id, borrower.market),
});
