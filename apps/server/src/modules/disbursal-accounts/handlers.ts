/** The disbursal account's calls (issue 28): every one reads and writes the session borrower's own account, never another's. */
import type { CallHandlers } from '../../http/contract-route.js';
import { messageFor } from '../../http/language.js';
import type { AccountView, DisbursalAccountsService } from './service.js';

export const disbursalAccountHandlers = (accounts: DisbursalAccountsService): CallHandlers => ({
  disbursalAccount: async ({ borrower, request }) => {
    const overview = await accounts.overview(borrower);
    return { ...overview, account: overview.account ? shown(overview.account, (key, values) => messageFor(request, key, values)) : null };
  },
  disbursalAccountSave: async ({ input, borrower, request }) => {
    const account = await accounts.save(borrower, input);
    return { account: shown(account, (key, values) => messageFor(request, key, values)) };
  },
  disbursalAccountCode: async ({ borrower }) => {
    await accounts.requestChangeCode(borrower);
    return null;
  },
});

type Say = (key: NonNullable<AccountView['reason']>['key'], values?: Record<string, string>) => string;

/** The view with its reason in the borrower's language. */
const shown = (account: AccountView, say: Say) => ({
  ...account,
  reason: account.reason ? say(account.reason.key, account.reason.values) : null,
});
