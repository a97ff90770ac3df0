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
