/** The contract's complaint calls; the service holds the rules. */
import type { CallHandlers } from '../../http/contract-route.js';
import { requestLocale } from '../../http/language.js';
import type { ComplaintsService } from './service.js';

export const complaintHandlers = (complaints: ComplaintsService): CallHandlers => ({
  problemInit: async ({ input, borrower, request }) => complaints.init(borrower, requestLocale(request), input),
  // the v3 path of spec §7 is the same call
  problemInitV3: async ({ input, borrower, request }) => complaints.init(borrower, requestLocale(request), input),
  problemSave: async ({ input, borrower }) => ({ problemId: await complaints.save(borrower, input) }),
  problemList: async ({ input, borrower, request }) => complaints.list(borrower, requestLocale(request), input.page ?? 1),
  problemDetail: async ({ input, borrower, request }) => complaints.detail(borrower, requestLocale(request), input.problemId),
  saveScore: async ({ input, borrower }) => {
    await complaints.score(borrower, input.problemId, input.score);
    return null;
  },
});
