/**
 * Where the money goes (issue 28, decisions 133 and 134). A borrower's disbursal account is
 * checked on entry (the contract's format rules: refused with the field's message, nothing stored
 * and nothing sent), then validated through the market's payout gateway (RazorpayX Fund Account
 * Validation, Xendit's account name check, the sandbox), the name the gateway reports scored
 * against the applicant's (lending/name-match.ts), and kept masked (last four) beside the
 * gateway's own id; the full number is sealed only where the gateway needs it on every payout
 * (Xendit). Replacing a valid account needs the SMS code of
 * `requestChangeCode`. One active account per borrower (the partial unique index): the previous
 * one gets `replaced_at` in the transaction that adds the new one, under a lock on the borrower.
 */
import { randomUUID } from 'node:crypto';
import {
  type CheckedDisbursalAccount,
  checkDisbursalAccount,
  type DisbursalAccountInput,
  lastFourOf,
  type Market,
  type MessageKey,
  ResultCode,
  upiPspOf,
} from '@kilat/contract';
import { openText, sealText } from '../../crypto.js';
import { lockInTransaction } from '../../db/advisory-lock.js';
import type { Db } from '../../db/database.js';
import type { DisbursalValidationStatus } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../lending/clock.js';
import { nameMatchScore, namesMatch } from '../../lending/name-match.js';
import type { OtpService } from '../otp/service.js';
import type { DestinationValidation, PayoutDestination, PayoutGateway } from '../payouts/ports.js';
import type { DisbursalAccountRow, DisbursalAccountsRepository } from './repository.js';

type DestinationChecker = Pick<PayoutGateway, 'name' | 'destinationCheck' | 'validateDestination' | 'lookupValidation'>;

/** What this module asks of the payout gateways registry (modules/payouts/gateways.ts answers it). */
export interface DestinationGateways {
  for(market: Market): DestinationChecker;
  byName(name: string): DestinationChecker | undefined;
}

export interface SessionOwner {
  id: number;
  market: Market;
  phone: string;
}

/** An account as the borrower is shown it; `reason` is a message key the handler puts in the borrower's language. */
export interface AccountView {
  kind: 'bank' | 'upi' | 'ewallet';
  channelCode: string;
  bankName: string;
  holderName: string;
  last4: string;
  status: DisbursalValidationStatus;
  /** the loan may be sent to it: valid, or not refused where the gateway checks an account only by paying it (Xendit) */
  usable: boolean;
  nameMatchScore: number | null;
  reason: { key: MessageKey; values?: Record<string, string> } | null;
}

export interface AccountOverview {
  account: AccountView | null;
  applicantName: string;
  phoneLast4: string;
  changeNeedsCode: boolean;
}

export interface SaveInput extends DisbursalAccountInput {
  smsCode?: string | undefined;
}

const CODE = /^\d{6}$/;

/**
 * Whether a market's payouts need the full number each time, so it is kept sealed: Xendit Payouts v2
 * takes the account number (or wallet phone) with every payout; RazorpayX pays a fund account
 * (`fa_…`) it keeps, so India keeps only the gateway's id. The sandbox stands in for each market's gateway.
 */
const NUMBER_KEPT_FOR_PAYOUTS: Record<Market, boolean> = { IN: false, ID: true };

/** The full destination the gateway is asked about (full numbers only in memory, on the way to it). */
const destinationOf = (account: CheckedDisbursalAccount): PayoutDestination => {
  switch (account.kind) {
    case 'upi':
      return { market: 'IN', kind: 'upi', holderName: account.holderName, vpa: account.vpa };
    case 'ewallet':
      return { market: 'ID', kind: 'ewallet', holderName: account.holderName, phone: account.phone, channelCode: account.channelCode };
    default:
      return account.market === 'IN'
        ? { market: 'IN', kind: 'bank', holderName: account.holderName, accountNumber: account.accountNumber, ifsc: account.ifsc }
        : {
            market: 'ID',
            kind: 'bank',
            holderName: account.holderName,
            accountNumber: account.accountNumber,
            channelCode: account.channelCode,
          };
  }
};

/** The number, UPI ID or wallet phone: what is sealed when kept and whose last four are shown. */
const numberOf = (account: CheckedDisbursalAccount): string =>
  account.kind === 'upi' ? account.vpa : account.kind === 'ewallet' ? account.phone : account.accountNumber;

/** The stored channel: the IFSC, the UPI PSP, or the payout channel code. */
const channelOf = (account: CheckedDisbursalAccount): string =>
  account.kind === 'upi' ? upiPspOf(account.vpa) : account.market === 'IN' ? account.ifsc : account.channelCode;

/** Our status from the gateway's answer and the name score. */
export const statusOf = (validation: DestinationValidation, score: number | null): DisbursalValidationStatus => {
  if (validation.status !== 'valid') return validation.status;
  return score === null || namesMatch(score) ? 'valid' : 'name_mismatch';
};

export class DisbursalAccountsService {
  constructor(
    private readonly db: Db,
    private readonly accounts: DisbursalAccountsRepository,
    private readonly gateways: DestinationGateways,
    private readonly otp: OtpService,
    private readonly clock: Clock,
    private readonly encryptionKey: string,
  ) {}

  /**
   * The account the disbursal reads (issue 28): the borrower's active account when the gateway
   * found it valid and its name matched, else null. Pass the caller's transaction to read it there.
   */
  async activeValidAccount(borrowerId: number, tx?: Db): Promise<DisbursalAccountRow | null> {
    const row = await this.accounts.active(borrowerId, tx ?? this.db);
    return row && this.usable(row) ? row : null;
  }

  /**
   * Whether a loan may be sent to the account: the gateway found it valid and the name matched; or,
   * where the gateway documents no account check (Xendit, decision 127: `destinationCheck`
   * 'first_payout'), its format passed and the gateway did not refuse it — the first payout decides
   * (`confirmByPayout`).
   */
  usable(row: DisbursalAccountRow): boolean {
    if (row.validationStatus === 'valid') return true;
    return row.validationStatus === 'pending' && this.gateways.byName(row.gateway)?.destinationCheck === 'first_payout';
  }

  /**
   * What a payout told of an account the gateway could only check by paying it (the disbursal calls
   * this): processed confirms it (valid), INVALID_DESTINATION refuses it (invalid). Only a pending
   * account changes; answers whether this call changed it.
   */
  async confirmByPayout(accountId: number, outcome: 'valid' | 'invalid', tx?: Db): Promise<boolean> {
    const settled = await this.accounts.settle(accountId, { validationStatus: outcome, validatedAt: this.clock.now() }, tx ?? this.db);
    return settled !== null;
  }

  /**
   * The destination a payout is sent to: the full number where it was sealed (the gateway needs it
   * each time), else the masked one beside the gateway's own id (`gatewayAccountId`), which pays.
   */
  payoutDestination(row: DisbursalAccountRow): { destination: PayoutDestination; gatewayAccountId: string | null } {
    const number = row.numberEncrypted ? openText(this.encryptionKey, row.numberEncrypted) : `XXXX${row.last4}`;
    const { holderName, channelCode } = row;
    const destination: PayoutDestination =
      row.market === 'IN'
        ? row.kind === 'upi'
          ? { market: 'IN', kind: 'upi', holderName, vpa: row.numberEncrypted ? number : `${number}@${channelCode}` }
          : { market: 'IN', kind: 'bank', holderName, accountNumber: number, ifsc: channelCode }
        : row.kind === 'ewallet'
          ? { market: 'ID', kind: 'ewallet', holderName, phone: number, channelCode }
          : { market: 'ID', kind: 'bank', holderName, accountNumber: number, channelCode };
    return { destination, gatewayAccountId: row.gatewayAccountId };
  }

  async overview(borrower: SessionOwner): Promise<AccountOverview> {
    let row = await this.accounts.active(borrower.id);
    if (row?.validationStatus === 'pending' && row.validationRef && !this.usable(row)) row = await this.refresh(row);
    const applicantName = await this.accounts.applicantName(borrower.id);
    return {
      account: row ? this.view(row, applicantName) : null,
      applicantName,
      phoneLast4: borrower.phone.slice(-4),
      changeNeedsCode: row !== null && this.usable(row),
    };
  }

  /** Sends the SMS code that allows replacing a valid account (the otp module's limits apply). */
  async requestChangeCode(borrower: SessionOwner): Promise<void> {
    if (!(await this.activeValidAccount(borrower.id))) throw AppError.notFound();
    await this.otp.issue('disbursal-account', { market: borrower.market, phone: borrower.phone });
  }

  /**
   * Checks, validates and keeps an account. Refusals before the gateway store nothing: a format
   * problem (400, the field's message), no application name yet, a missing or wrong SMS code when a
   * valid account would be replaced. The gateway's answer is kept whatever it is (invalid and name
   * mismatches explained to the borrower, who corrects them by giving the account again), except that
   * an account that is not valid never replaces a valid one: it is kept as replaced at once.
   */
  async save(borrower: SessionOwner, input: SaveInput): Promise<AccountView> {
    const checked = checkDisbursalAccount(borrower.market, input);
    if (!checked.ok) throw new AppError(ResultCode.InvalidRequest, checked.problem, 400, checked.values);
    const account = checked.account;
    const applicantName = await this.accounts.applicantName(borrower.id);
    if (!applicantName.trim()) throw new AppError(ResultCode.DisbursalNeedsApplication, 'disbursalNeedsApplication', 409);

    const current = await this.accounts.active(borrower.id);
    let codeSpent = false;
    if (current && this.usable(current)) {
      await this.spendChangeCode(borrower, input.smsCode);
      codeSpent = true;
    }

    const gateway = this.gateways.for(borrower.market);
    const validation = await gateway.validateDestination({ reference: `acct_${randomUUID()}`, destination: destinationOf(account) });
    const score =
      validation.status === 'valid' && validation.registeredName ? nameMatchScore(applicantName, validation.registeredName) : null;
    const status = statusOf(validation, score);
    const newUsable = status === 'valid' || (status === 'pending' && gateway.destinationCheck === 'first_payout');
    const now = this.clock.now();
    const number = numberOf(account);

    const row = await this.db.transaction(async (tx) => {
      await lockInTransaction(tx, 'disbursal-account', String(borrower.id));
      const active = await this.accounts.active(borrower.id, tx);
      // a valid account appeared since the code was (not) asked for: its replacement needs a code
      if (active && this.usable(active) && !codeSpent) {
        throw new AppError(ResultCode.DisbursalChangeNeedsCode, 'disbursalChangeNeedsCode', 403);
      }
      const keepsActive = active !== null && this.usable(active) && !newUsable;
      if (active && !keepsActive) await this.accounts.replace(active.id, now, tx);
      return this.accounts.insert(
        {
          borrowerId: borrower.id,
          market: borrower.market,
          kind: account.kind,
          channelCode: channelOf(account),
          bankName: account.bankName,
          holderName: account.holderName,
          last4: lastFourOf(number),
          numberEncrypted: NUMBER_KEPT_FOR_PAYOUTS[borrower.market] ? sealText(this.encryptionKey, number) : null,
          gateway: gateway.name,
          gatewayAccountId: validation.gatewayAccountId,
          validationStatus: status,
          validationRef: validation.validationRef,
          registeredName: validation.registeredName,
          nameMatchScore: score,
          validatedAt: status === 'pending' ? null : now,
          replacedAt: keepsActive ? now : null,
          createdAt: now,
        },
        tx,
      );
    });
    return this.view(row, applicantName);
  }

  /** The code of `requestChangeCode`, spent; a missing one asks for it, a wrong one is refused as login's is. */
  private async spendChangeCode(borrower: SessionOwner, code: string | undefined): Promise<void> {
    const typed = code?.trim() ?? '';
    if (typed === '') throw new AppError(ResultCode.DisbursalChangeNeedsCode, 'disbursalChangeNeedsCode', 403);
    if (!CODE.test(typed)) throw this.otp.refusal('disbursal-account');
    await this.otp.verify('disbursal-account', { market: borrower.market, phone: borrower.phone }, typed);
  }

  /** Asks the gateway again about a validation it had not decided (RazorpayX answers asynchronously). */
  private async refresh(row: DisbursalAccountRow): Promise<DisbursalAccountRow> {
    const gateway = this.gateways.byName(row.gateway);
    if (!gateway || !row.validationRef) return row;
    const validation = await gateway.lookupValidation({ validationRef: row.validationRef });
    if (validation.status === 'pending') return row;
    const applicantName = await this.accounts.applicantName(row.borrowerId);
    const score =
      validation.status === 'valid' && validation.registeredName ? nameMatchScore(applicantName, validation.registeredName) : null;
    const settled = await this.accounts.settle(row.id, {
      validationStatus: statusOf(validation, score),
      registeredName: validation.registeredName,
      nameMatchScore: score,
      gatewayAccountId: validation.gatewayAccountId ?? row.gatewayAccountId,
      validatedAt: this.clock.now(),
    });
    return settled ?? (await this.accounts.active(row.borrowerId)) ?? row;
  }

  private view(row: DisbursalAccountRow, applicantName: string): AccountView {
    const usable = this.usable(row);
    const reasons: Record<DisbursalValidationStatus, AccountView['reason']> = {
      valid: null,
      pending: { key: 'disbursalValidationPending' },
      invalid: { key: 'disbursalAccountNotFound' },
      name_mismatch: { key: 'disbursalNameMismatch', values: { name: applicantName } },
    };
    return {
      kind: row.kind,
      channelCode: row.channelCode,
      bankName: row.bankName,
      holderName: row.holderName,
      last4: row.last4,
      status: row.validationStatus,
      usable,
      nameMatchScore: row.nameMatchScore,
      reason: usable ? null : reasons[row.validationStatus],
    };
  }
}
