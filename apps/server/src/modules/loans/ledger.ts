/**
 * The ledger (DESIGN §4): append-only rows, each written in the transaction of the state it
 * changes (pass that transaction). The idempotency key is unique: posting a key again posts
 * nothing and says so, also when both postings arrive at the same instant.
 */
import type { Db } from '../../db/database.js';
import { type LedgerEntry, type LedgerKind, ledgerEntries } from '../../db/schema.js';
import type { BusinessDate } from '../../lending/business-date.js';
import { assertMinor } from '../../lending/money.js';

export interface Posting {
  orderId: number;
  kind: LedgerKind;
  amountMinor: number;
  idempotencyKey: string;
  businessDate: BusinessDate;
  periodNo?: number | null;
  meta?: Record<string, unknown>;
}

export type PostingResult = { posted: true; entry: LedgerEntry } | { posted: false };

export const postLedgerEntry = async (tx: Db, posting: Posting): Promise<PostingResult> => {
  assertMinor('amountMinor', posting.amountMinor);
  if (posting.amountMinor === 0) throw new RangeError('a ledger row moves money: amountMinor must be more than 0');
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      orderId: posting.orderId,
      kind: posting.kind,
      amountMinor: posting.amountMinor,
      idempotencyKey: posting.idempotencyKey,
      businessDate: posting.businessDate,
      periodNo: posting.periodNo ?? null,
      meta: posting.meta ?? {},
    })
    .onConflictDoNothing({ target: ledgerEntries.idempotencyKey })
    .returning();
  return entry ? { posted: true, entry } : { posted: false };
};

/** One penalty row per order per overdue day (issue 12): the key makes a catch-up or a second instance post nothing twice. */
export const penaltyKey = (orderId: number, businessDate: BusinessDate) => `penalty:${orderId}:${businessDate}`;

export interface PenaltyPosting {
  orderId: number;
  businessDate: BusinessDate;
  overdueDay: number;
  overduePrincipalMinor: number;
  amountMinor: number;
}

/** Posts penalties in one statement; a day already posted is left as it is. Answers how many rows were new. */
export const postPenalties = async (tx: Db, penalties: readonly PenaltyPosting[]): Promise<number> => {
  if (penalties.length === 0) return 0;
  const rows = await tx
    .insert(ledgerEntries)
    .values(
      penalties.map((penalty) => {
        assertMinor('amountMinor', penalty.amountMinor);
        return {
          orderId: penalty.orderId,
          kind: 'penalty' as const,
          amountMinor: penalty.amountMinor,
          idempotencyKey: penaltyKey(penalty.orderId, penalty.businessDate),
          businessDate: penalty.businessDate,
          meta: { overdueDay: penalty.overdueDay, overduePrincipalMinor: penalty.overduePrincipalMinor },
        };
      }),
    )
    .onConflictDoNothing({ target: ledgerEntries.idempotencyKey })
    .returning({ id: ledgerEntries.id });
  return rows.length;
};
