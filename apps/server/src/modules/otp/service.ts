/**
 * Codes sent to a phone (login, registration): `issue` checks the purpose's limits, stores the
 * code's hash and writes its SMS to the outbox in one transaction under locks on the phone (and
 * the address), so simultaneous requests on any number of instances send one code (decision
 * 032); `verify` counts a wrong try, then spends the code once. Each purpose keeps its rows in its
 * own table, behind an `OtpStore`. Repayment codes belong to a payment and use the policy table,
 * the hash and the SMS of policy.ts from the cards module.
 */
import { type Market, ResultCode } from '@kilat/contract';
import { sameHash } from '../../crypto.js';
import { lockInTransaction } from '../../db/advisory-lock.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../lending/clock.js';
import type { SmsProvider } from '../sms/sms-provider.js';
import { newOtpCode, OtpPolicies, otpHash, otpSms } from './policy.js';

export type PhoneOtpPurpose = 'login' | 'registration' | 'disbursal-account';

export interface OtpRecipient {
  market: Market;
  phone: string;
  /** the network address that asked (registration's per-address limit) */
  ip?: string;
}

export interface StoredOtp {
  id: number;
  market: string;
  codeHash: string;
  expiresAt: Date;
  attempts: number;
  usedAt: Date | null;
  createdAt: Date;
}

/** Where one purpose keeps its codes; every method takes an optional transaction. */
export interface OtpStore {
  /** the newest code sent to this phone (in this market, where the table tells markets apart) */
  latest(market: Market, phone: string, tx?: Db): Promise<StoredOtp | null>;
  countSince(by: { market: Market; phone: string } | { ip: string }, since: Date, tx?: Db): Promise<number>;
  insert(code: { market: Market; phone: string; ip: string; codeHash: string; expiresAt: Date; createdAt: Date }, tx: Db): Promise<void>;
  countFailedAttempt(id: number): Promise<void>;
  /** marks the code used unless someone else did first: single use even under a race */
  consume(id: number, now: Date, tx?: Db): Promise<boolean>;
}

export class OtpService {
  constructor(
    private readonly db: Db,
    private readonly stores: Record<PhoneOtpPurpose, OtpStore>,
    private readonly sms: SmsProvider,
    private readonly clock: Clock,
  ) {}

  /** The refusal of a wrong, used, expired or locked code of this purpose. */
  refusal(purpose: PhoneOtpPurpose): AppError {
    return new AppError(ResultCode.WrongVerificationCode, OtpPolicies[purpose].wrongCode, 400);
  }

  /** Whether the address may still ask for a code of this purpose (checked before anything is spent on the request). */
  async underAddressLimit(purpose: PhoneOtpPurpose, ip: string, tx?: Db): Promise<boolean> {
    const limit = OtpPolicies[purpose].perIp;
    if (!limit) return true;
    const since = new Date(this.clock.now().getTime() - limit.windowSeconds * 1000);
    return (await this.stores[purpose].countSince({ ip }, since, tx)) < limit.max;
  }

  async issue(purpose: PhoneOtpPurpose, recipient: OtpRecipient): Promise<void> {
    const policy = OtpPolicies[purpose];
    const store = this.stores[purpose];
    const { market, phone, ip = '' } = recipient;
    const code = newOtpCode();
    await this.db.transaction(async (tx) => {
      const now = this.clock.now();
      if (policy.perIp) {
        await lockInTransaction(tx, `otp-${purpose}-ip`, ip);
        if (!(await this.underAddressLimit(purpose, ip, tx))) throw AppError.rateLimited('smsNetworkHourlyLimit');
      }
      await lockInTransaction(tx, `otp-${purpose}-phone`, phone);
      const previous = await store.latest(market, phone, tx);
      if (previous && now.getTime() - previous.createdAt.getTime() < policy.resendAfterSeconds * 1000) {
        throw AppError.rateLimited('doNotResendCode');
      }
      if (policy.perPhone) {
        const since = new Date(now.getTime() - policy.perPhone.windowSeconds * 1000);
        if ((await store.countSince({ market, phone }, since, tx)) >= policy.perPhone.max) {
          throw AppError.rateLimited(policy.perPhone.refusal);
        }
      }
      await store.insert(
        {
          market,
          phone,
          ip,
          codeHash: otpHash(purpose, `${market}:${phone}`, code),
          expiresAt: new Date(now.getTime() + policy.ttlSeconds * 1000),
          createdAt: now,
        },
        tx,
      );
      await this.sms.send({ market, phone, purpose, body: otpSms(purpose, market, { code }) }, tx);
    });
  }

  /**
   * Checks the code against the newest one sent to the phone; a wrong one counts against it at
   * once. A right one is spent — in one transaction with `andThen` when given, so a failing
   * `andThen` leaves it unspent. A wrong, used, expired or locked code is refused with the purpose's message.
   */
  async verify(purpose: PhoneOtpPurpose, recipient: Omit<OtpRecipient, 'ip'>, code: string): Promise<void>;
  async verify<T>(purpose: PhoneOtpPurpose, recipient: Omit<OtpRecipient, 'ip'>, code: string, andThen: (tx: Db) => Promise<T>): Promise<T>;
  async verify<T>(
    purpose: PhoneOtpPurpose,
    recipient: Omit<OtpRecipient, 'ip'>,
    code: string,
    andThen?: (tx: Db) => Promise<T>,
  ): Promise<T | undefined> {
    const policy = OtpPolicies[purpose];
    const store = this.stores[purpose];
    const { market, phone } = recipient;
    const wrong = () => this.refusal(purpose);
    const now = this.clock.now();
    const latest = await store.latest(market, phone);
    if (!latest || latest.market !== market || latest.usedAt || latest.expiresAt <= now || latest.attempts >= policy.maxAttempts) {
      throw wrong();
    }
    if (!sameHash(latest.codeHash, otpHash(purpose, `${market}:${phone}`, code))) {
      await store.countFailedAttempt(latest.id);
      throw wrong();
    }
    if (!andThen) {
      if (!(await store.consume(latest.id, now))) throw wrong();
      return undefined;
    }
    return this.db.transaction(async (tx) => {
      if (!(await store.consume(latest.id, now, tx))) throw wrong();
      return andThen(tx);
    });
  }
}
