/**
 * Failed console sign-ins counted per account (the email as typed, whether or not an operator has
 * it) and per address, in PostgreSQL so every instance counts the same (decision 155). An unknown
 * email locks exactly as a known one does, so the lockout tells nothing about which emails exist.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.js';
import { consoleSignInLimits } from '../../../db/schema.js';

export const SignInLimit = {
  /** wrong sign-ins of one account within the window that lock it */
  accountFailures: 5,
  /** wrong sign-ins from one address, whatever the accounts, within the window that lock the address */
  addressFailures: 20,
  windowMinutes: 15,
  lockMinutes: 15,
} as const;

const MINUTE_MS = 60_000;
type Scope = 'account' | 'address';

export interface Attempt {
  /** the email as typed, lower-cased */
  account: string;
  address: string;
}

export class SignInLimits {
  constructor(private readonly db: Db) {}

  /** The later of the account's and the address's lock, if either is locked now. */
  async lockedUntil(attempt: Attempt, now: Date, tx: Db = this.db): Promise<Date | null> {
    const rows = await tx
      .select({ lockedUntil: consoleSignInLimits.lockedUntil })
      .from(consoleSignInLimits)
      .where(
        sql`(${consoleSignInLimits.scope}, ${consoleSignInLimits.key}) IN (('account', ${attempt.account}), ('address', ${attempt.address}))`,
      );
    const until = rows.map((row) => row.lockedUntil).filter((date): date is Date => date !== null && date > now);
    return until.length === 0 ? null : new Date(Math.max(...until.map((date) => date.getTime())));
  }

  /**
   * Counts one failure against the account and the address, in one statement each (concurrent
   * failures on several instances all count); answers the lock either reached, if any.
   */
  async fail(attempt: Attempt, now: Date, tx: Db = this.db): Promise<{ accountLocked: Date | null; addressLocked: Date | null }> {
    const [accountLocked, addressLocked] = [
      await this.count('account', attempt.account, SignInLimit.accountFailures, now, tx),
      await this.count('address', attempt.address, SignInLimit.addressFailures, now, tx),
    ];
    return { accountLocked, addressLocked };
  }

  private async count(scope: Scope, key: string, max: number, now: Date, tx: Db): Promise<Date | null> {
    const windowStart = new Date(now.getTime() - SignInLimit.windowMinutes * MINUTE_MS);
    const lockUntil = new Date(now.getTime() + SignInLimit.lockMinutes * MINUTE_MS);
    const table = consoleSignInLimits;
    // a window that ended (or a lock that ran out) starts again at one failure
    const fresh = sql`(${table.windowStartedAt} < ${windowStart.toISOString()}::timestamptz OR ${table.lockedUntil} <= ${now.toISOString()}::timestamptz)`;
    const failures = sql`CASE WHEN ${fresh} THEN 1 ELSE ${table.failures} + 1 END`;
    const [row] = await tx
      .insert(table)
      .values({ scope, key, failures: 1, windowStartedAt: now, lockedUntil: max <= 1 ? lockUntil : null })
      .onConflictDoUpdate({
        target: [table.scope, table.key],
        set: {
          failures: sql`CASE WHEN ${failures} >= ${max} THEN 0 ELSE ${failures} END`,
          windowStartedAt: sql`CASE WHEN ${fresh} THEN ${now.toISOString()}::timestamptz ELSE ${table.windowStartedAt} END`,
          lockedUntil: sql`CASE WHEN ${failures} >= ${max} THEN ${lockUntil.toISOString()}::timestamptz WHEN ${fresh} THEN NULL ELSE ${table.lockedUntil} END`,
        },
      })
      .returning({ lockedUntil: table.lockedUntil });
    return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
  }

  /** A right sign-in, or an admin's unlock, clears the account's count and lock. */
  async clearAccount(account: string, tx: Db = this.db): Promise<void> {
    await tx.delete(consoleSignInLimits).where(and(eq(consoleSignInLimits.scope, 'account'), eq(consoleSignInLimits.key, account)));
  }

  /** Accounts locked now, by email: the operators list shows them locked. */
  async lockedAccounts(now: Date, tx: Db = this.db): Promise<Map<string, Date>> {
    const rows = await tx
      .select({ key: consoleSignInLimits.key, lockedUntil: consoleSignInLimits.lockedUntil })
      .from(consoleSignInLimits)
      .where(and(eq(consoleSignInLimits.scope, 'account'), sql`${consoleSignInLimits.lockedUntil} > ${now.toISOString()}::timestamptz`));
    return new Map(rows.map((row) => [row.key, row.lockedUntil!]));
  }
}
