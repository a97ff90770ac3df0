/**
 * What payouts need of the borrower's disbursal accounts (modules/disbursal-accounts, issue 28):
 * the active, valid account a loan is sent to, and the destination the gateway is given for it.
 */
import type { Db } from '../../db/database.js';
import type { DisbursalAccount } from '../../db/schema.js';
import type { PayoutDestination } from './ports.js';

export interface PayoutAccounts {
  /** the borrower's active account, validated and its name matched; null when there is none */
  activeValidAccount(borrowerId: number, tx: Db): Promise<DisbursalAccount | null>;
  destinationOf(account: DisbursalAccount): PayoutDestination;
  /** whether a loan may be sent to the account (valid; or pending where the gateway checks only by paying) */
  usable(account: Pick<DisbursalAccount, 'validationStatus' | 'gateway'>): boolean;
  /** what a payout told of an account its gateway could only check by paying it */
  confirmByPayout(accountId: number, outcome: 'valid' | 'invalid', tx: Db): Promise<unknown>;
}

/** The disbursal-accounts module's service (app.disbursalAccounts) as payouts read it; typed by shape, as that module imports this one's port. */
export const payoutAccountsOf = (service: {
  activeValidAccount(borrowerId: number, tx?: Db): Promise<DisbursalAccount | null>;
  payoutDestination(row: DisbursalAccount): { destination: PayoutDestination };
  usable(row: DisbursalAccount): boolean;
  confirmByPayout(accountId: number, outcome: 'valid' | 'invalid', tx?: Db): Promise<boolean>;
}): PayoutAccounts => ({
  activeValidAccount: (borrowerId, tx) => service.activeValidAccount(borrowerId, tx),
  destinationOf: (account) => service.payoutDestination(account).destination,
  usable: (account) => service.usable(account as DisbursalAccount),
  confirmByPayout: (accountId, outcome, tx) => service.confirmByPayout(accountId, outcome, tx),
});
