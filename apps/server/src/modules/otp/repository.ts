/** Where login and registration codes are kept: one table each, behind the same `OtpStore`. */
import type { Market } from '@kilat/contract';
import { and, count, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { disbursalAccountCodes, loginCodes, registrationCodes } from '../../db/schema.js';
import type { OtpStore, StoredOtp } from './service.js';

type CodeTable = typeof loginCodes | typeof registrationCodes | typeof disbursalAccountCodes;

/**
 * The store over one code table. `phoneOf` is how a phone is found: login codes are a market's
 * (a phone may be a borrower in both), registration codes a phone's whatever the market asked.
 * `ipOf` is the address column, when the table keeps one.
 */
class CodeTableStore implements OtpStore {
  constructor(
    private readonly db: Db,
    private readonly table: CodeTable,
    private readonly phoneOf: (market: Market, phone: string) => SQL | undefined,
    private readonly ipOf: ((ip: string) => SQL) | null,
    private readonly extra: (ip: string) => Record<string, string>,
  ) {}

  async latest(market: Market, phone: string, tx: Db = this.db): Promise<StoredOtp | null> {
    const table = this.table as typeof loginCodes;
    const [row] = await tx.select().from(table).where(this.phoneOf(market, phone)).orderBy(desc(table.createdAt), desc(table.id)).limit(1);
    return row ?? null;
  }

  async countSince(by: { market: Market; phone: string } | { ip: string }, since: Date, tx: Db = this.db): Promise<number> {
    const table = this.table as typeof loginCodes;
    const who = 'ip' in by ? this.ipOf?.(by.ip) : this.phoneOf(by.market, by.phone);
    if (!who) return 0;
    const [row] = await tx
      .select({ n: count() })
      .from(table)
      .where(and(who, gt(table.createdAt, since)));
    return row?.n ?? 0;
  }

  async insert(code: { market: Market; phone: string; ip: string; codeHash: string; expiresAt: Date; createdAt: Date }, tx: Db) {
    const { ip, ...row } = code;
    await tx.insert(this.table as typeof registrationCodes).values({ ...row, ...this.extra(ip) } as typeof registrationCodes.$inferInsert);
  }

  async countFailedAttempt(id: number): Promise<void> {
    const table = this.table as typeof loginCodes;
    await this.db
      .update(table)
      .set({ attempts: sql`${table.attempts} + 1` })
      .where(eq(table.id, id));
  }

  async consume(id: number, now: Date, tx: Db = this.db): Promise<boolean> {
    const table = this.table as typeof loginCodes;
    const rows = await tx
      .update(table)
      .set({ usedAt: now })
      .where(and(eq(table.id, id), isNull(table.usedAt), gt(table.expiresAt, now)))
      .returning({ id: table.id });
    return rows.length === 1;
  }
}

export const loginCodeStore = (db: Db): OtpStore =>
  new CodeTableStore(
    db,
    loginCodes,
    (market, phone) => and(eq(loginCodes.market, market), eq(loginCodes.phone, phone)),
    null,
    () => ({}),
  );

export const registrationCodeStore = (db: Db): OtpStore =>
  new CodeTableStore(
    db,
    registrationCodes,
    (_market, phone) => eq(registrationCodes.phone, phone),
    (ip) => eq(registrationCodes.ip, ip),
    (ip) => ({ ip }),
  );

/** Codes that allow changing the disbursal account (issue 28): a borrower's, by market and phone, as login codes. */
export const disbursalAccountCodeStore = (db: Db): OtpStore =>
  new CodeTableStore(
    db,
    disbursalAccountCodes,
    (market, phone) => and(eq(disbursalAccountCodes.market, market), eq(disbursalAccountCodes.phone, phone)),
    null,
    () => ({}),
  );
