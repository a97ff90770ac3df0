/**
 * Repayment codes (decision 021): the one-time code of a card payment, a purpose of this module
 * with its own storage (`payment_codes`, one live code per payment). The policy, the hash and the
 * SMS are policy.ts's, as for login and registration; the resend window is `withinResendWindow`
 * there, the one place it is written. Every decision a race could double (a wrong try counted,
 * a code spent, a code replaced) is one conditional statement.
 */
import { formatMoney, type Market } from '@kilat/contract';
import { and, eq, gt, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { paymentCodes } from '../../db/schema.js';
import type { SmsMessage } from '../sms/sms-provider.js';
import { newOtpCode, OtpPolicies, otpHash, otpSms, withinResendWindow } from './policy.js';

const POLICY = OtpPolicies.repayment;
/** Codes one payment may be sent, the first included: with 5 attempts each, guessing stays hopeless. */
export const REPAY_CODE_SENDS_MAX = POLICY.perSubject!.max;
export const REPAY_CODE_MAX_ATTEMPTS = POLICY.maxAttempts;

export type RepaymentCode = typeof paymentCodes.$inferSelect;

/** A new code of a payment: the digits for the SMS, the hash it is stored as, and when it dies. */
export interface NewRepaymentCode {
  code: string;
  codeHash: string;
  expiresAt: Date;
  now: Date;
}

/** The hash a code of this payment is stored and compared as. */
export const repaymentCodeHash = (paymentPublicId: string, code: string) => otpHash('repayment', paymentPublicId, code);

/** A new 6-digit code of the payment, sent `now`. */
export const newRepaymentCode = (paymentPublicId: string, now: Date): NewRepaymentCode => {
  const code = newOtpCode();
  return { code, codeHash: repaymentCodeHash(paymentPublicId, code), expiresAt: new Date(now.getTime() + POLICY.ttlSeconds * 1000), now };
};

/** The SMS that carries a repayment code, in the market's language, naming the amount. */
export const repaymentCodeSms = (market: Market, phone: string, amountMinor: number, code: string): SmsMessage => ({
  market,
  phone,
  purpose: 'repayment',
  body: otpSms('repayment', market, { code, amount: formatMoney(amountMinor, market) }),
});

/** A code that can still be typed: not used, not expired, not locked. */
export const isLive = (code: RepaymentCode, now: Date) =>
  code.usedAt === null && code.expiresAt > now && code.attempts < POLICY.maxAttempts;

/** An unused code sent within the resend window holds the next one back: sending another would void the one the borrower is about to type. */
export const holdsTheNextBack = (code: RepaymentCode, now: Date) =>
  code.usedAt === null && withinResendWindow('repayment', code.sentAt, now);

/** A code with every try spent, but neither used nor expired: the borrower is told it is locked. */
export const isLocked = (code: RepaymentCode, now: Date) =>
  code.usedAt === null && code.expiresAt > now && code.attempts >= POLICY.maxAttempts;

/**
 * The first code of a payment being written in the same statement, as a WITH part named `code`:
 * its row reads the payment's id from the WITH part `payment`; the placeholders `codeHash`,
 * `expiresAt` and `now` are `firstCodeValues`'. It exists before anybody can see the payment.
 */
export const firstCodeSql = (): SQL =>
  sql`code AS (
        INSERT INTO ${paymentCodes} (payment_id, code_hash, attempts, expires_at, sent_at, sends)
        SELECT id, ${sql.placeholder('codeHash')}, 0, ${sql.placeholder('expiresAt')}::timestamptz, ${sql.placeholder('now')}::timestamptz, 1 FROM payment
      )`;

/** The placeholders of `firstCodeSql`. */
export const firstCodeValues = (code: NewRepaymentCode) => ({
  codeHash: code.codeHash,
  expiresAt: code.expiresAt.toISOString(),
  now: code.now.toISOString(),
});

/** The payment's code with this hash, while it can still be tried: not used, not expired, not locked. */
const liveCode = (paymentId: number, codeHash: string, now: Date) =>
  and(
    eq(paymentCodes.paymentId, paymentId),
    eq(paymentCodes.codeHash, codeHash),
    isNull(paymentCodes.usedAt),
    gt(paymentCodes.expiresAt, now),
    lt(paymentCodes.attempts, POLICY.maxAttempts),
  );

/** Where repayment codes are kept; every method takes an optional transaction. */
export class RepaymentCodes {
  constructor(private readonly db: Db) {}

  async find(paymentId: number, tx: Db = this.db): Promise<RepaymentCode | null> {
    const [row] = await tx.select().from(paymentCodes).where(eq(paymentCodes.paymentId, paymentId)).limit(1);
    return row ?? null;
  }

  /**
   * The payment's first code, or a new one in place of the old (attempts back to 0), unless the
   * payment has had REPAY_CODE_SENDS_MAX codes already or its code was used: null then.
   */
  async put(paymentId: number, code: NewRepaymentCode, tx: Db = this.db): Promise<RepaymentCode | null> {
    const [row] = await tx
      .insert(paymentCodes)
      .values({ paymentId, codeHash: code.codeHash, attempts: 0, expiresAt: code.expiresAt, sentAt: code.now, sends: 1 })
      .onConflictDoUpdate({
        target: paymentCodes.paymentId,
        set: { codeHash: code.codeHash, attempts: 0, expiresAt: code.expiresAt, sentAt: code.now, sends: sql`${paymentCodes.sends} + 1` },
        setWhere: and(lt(paymentCodes.sends, REPAY_CODE_SENDS_MAX), isNull(paymentCodes.usedAt)),
      })
      .returning();
    return row ?? null;
  }

  /**
   * Counts a wrong code against the code it was compared with, in one statement: no two confirms
   * can both count from the same number, and a code replaced meanwhile is not charged for it.
   */
  async countWrongAttempt(paymentId: number, comparedHash: string, now: Date, tx: Db = this.db): Promise<boolean> {
    const rows = await tx
      .update(paymentCodes)
      .set({ attempts: sql`${paymentCodes.attempts} + 1` })
      .where(liveCode(paymentId, comparedHash, now))
      .returning({ attempts: paymentCodes.attempts });
    return rows.length === 1;
  }

  /** Spends the right code unless it was spent, expired, locked or replaced meanwhile: single use even under a race. */
  async use(paymentId: number, codeHash: string, now: Date, tx: Db = this.db): Promise<boolean> {
    const rows = await tx
      .update(paymentCodes)
      .set({ usedAt: now })
      .where(liveCode(paymentId, codeHash, now))
      .returning({ paymentId: paymentCodes.paymentId });
    return rows.length === 1;
  }
}
