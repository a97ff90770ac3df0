/**
 * The promises to pay a posting keeps (issue 46 §3, decision 280): every writer of ledger rows ends
 * in `refreshLoanPositions`, in its transaction, with each moved order replayed; there the open
 * promises of those orders that the repayments now cover are marked kept, on the value date of the
 * repayment that covered them. So a case, its collector's queue and the collections dashboard read
 * "kept" the moment the money is posted, by any channel — not at the next daily run or when someone
 * opens the case. Breaking a promise needs a day to pass, not a posting: that stays with the daily run.
 *
 * The rule is `lending/promise-to-pay.ts`, the same the daily run and the case page use. The table is
 * the collections module's, written here by one statement as the message centre's rows are: the
 * collections module imports the ledger module, so the ledger cannot import it back.
 */
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database.js';
import type { LedgerReplay } from '../../lending/ledger-replay.js';
import { promiseKeptOn } from '../../lending/promise-to-pay.js';

/** Marks kept the open promises of these orders that their repayments cover; answers how many. */
export const keepPromises = async (tx: Db, replays: ReadonlyMap<number, Pick<LedgerReplay, 'allocations'>>): Promise<number> => {
  const paying = [...replays].filter(([, replay]) => replay.allocations.length > 0).map(([orderId]) => orderId);
  if (paying.length === 0) return 0;
  // the open promises are few (a partial index keeps them): one read for every order of the posting
  const open = rowsOf<{
    id: string | number;
    order_id: string | number;
    amount_minor: string | number;
    promised_on: string;
    repaid_before_minor: string | number;
  }>(
    await tx.execute(sql`
      SELECT id, order_id, amount_minor, promised_on::text AS promised_on, repaid_before_minor FROM promises_to_pay
      WHERE status = 'open' AND order_id IN (${sql.join(
        paying.map((id) => sql`${id}::bigint`),
        sql`, `,
      )})`),
  );
  const kept = open.flatMap((row) => {
    const keptOn = promiseKeptOn(
      { amountMinor: Number(row.amount_minor), promisedOn: row.promised_on, repaidBeforeMinor: Number(row.repaid_before_minor) },
      replays.get(Number(row.order_id))!.allocations,
    );
    return keptOn === null ? [] : [sql`(${Number(row.id)}::bigint, ${keptOn}::date)`];
  });
  if (kept.length === 0) return 0;
  await tx.execute(sql`
    UPDATE promises_to_pay p SET status = 'kept', decided_on = v.kept_on
    FROM (VALUES ${sql.join(kept, sql`, `)}) AS v(id, kept_on)
    WHERE p.id = v.id AND p.status = 'open'`);
  return kept.length;
};
