/** The setting screen's account calls (issue 17). */
import type { CallHandlers } from '../../http/contract-route.js';
import type { AccountService } from './service.js';

export const accountHandlers = (account: AccountService): CallHandlers => ({
  logoutEverywhere: async ({ borrower }) => {
    await account.logoutEverywhere(borrower);
    return null;
  },
  deleteAccount: async ({ borrower }) => {
    await account.delete(borrower);
    return null;
  },
  deleteAccountCheck: async ({ borrower }) => {
    await account.refuseWhileLoanOpen(borrower);
    return null;
  },
  myData: async ({ borrower }) => account.myData(borrower.id),
});
