/**
 * Clean-up (issue 12): one set-based statement per table. Sessions, codes, repay tokens,
 * agreement links and captcha sessions go a day after they expired (the grace keeps a row a
 * racing request may still read, and every hourly send limit counts rows younger than that);
 * virtual-account and mini-market codes past their expiry that are still open become 'expired'
 * (a late success from the bank still wins, transitions.ts); delivered or dropped SMS leave the
 * outbox after 30 days. A key fact statement's proposal that lapsed a day ago goes unless an order
 * was signed on it or an agreement link still shows it (decision 150).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import type { Job } from './scheduler.js';

export const CLEAN_UP_JOB = 'clean-up';

/** How long an expired row is kept. */
export const EXPIRED_GRACE_MS = 24 * 60 * 60_000;
/** How long a delivered (or dropped) SMS stays in the outbox. */
export const OUTBOX_KEEP_MS = 30 * 24 * 60 * 60_000;

const affected = (result: unknown): number => {
  const { rowCount, affectedRows } = result as { rowCount?: number | null; affectedRows?: number };
  return rowCount ?? affectedRows ?? 0;
};

export const cleanUp = async (db: Db, now: Date): Promise<Record<string, number>> => {
  const cutoff = new Date(now.getTime() - EXPIRED_GRACE_MS);
  const outboxCutoff = new Date(now.getTime() - OUTBOX_KEEP_MS);
  const run = async (statement: ReturnType<typeof sql>) => affected(await db.execute(statement));
  return {
    sessions: await run(sql`DELETE FROM sessions WHERE expires_at < ${cutoff}`),
    loginCodes: await run(sql`DELETE FROM login_codes WHERE expires_at < ${cutoff}`),
    registrationCodes: await run(sql`DELETE FROM registration_codes WHERE expires_at < ${cutoff}`),
    paymentCodes: await run(sql`DELETE FROM payment_codes WHERE expires_at < ${cutoff}`),
    // a token a payment was made with stays: the payment refers to it
    repayTokens: await run(sql`
      DELETE FROM repay_tokens t WHERE t.expires_at < ${cutoff}
        AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.repay_token_hash = t.token_hash)`),
    agreementLinks: await run(sql`DELETE FROM agreement_links WHERE expires_at < ${cutoff}`),
    loanProposals: await run(sql`
      DELETE FROM loan_proposals p WHERE p.valid_until < ${cutoff.toISOString().slice(0, 10)}::date
        AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.proposal_no = p.proposal_no)
        AND NOT EXISTS (SELECT 1 FROM agreement_links a WHERE a.proposal_no = p.proposal_no)`),
    captchaSessions: await run(sql`DELETE FROM captcha_sessions WHERE expires_at < ${cutoff}`),
    expiredPaymentCodes: await run(sql`
      UPDATE payments SET status = 'expired', updated_at = ${now}
      WHERE vcode IS NOT NULL AND status IN ('created', 'awaiting_code', 'submitted') AND expires_at <= ${now}`),
    smsOutbox: await run(sql`DELETE FROM sms_outbox WHERE status <> 'pending' AND created_at < ${outboxCutoff}`),
  };
};

export const cleanUpJob = (db: Db, everyMs: number): Job => ({
  name: CLEAN_UP_JOB,
  everyMs,
  run: ({ now }) => cleanUp(db, now),
});
