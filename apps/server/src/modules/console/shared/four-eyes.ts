/**
 * Decision 157's maker-checker, shared by the order actions (waivers, write-offs, refunds:
 * order-approvals.ts) and the review queue's rule exceptions (decision 161) and the coupon issues above the threshold (decision 254): a request waits for another operator; the maker is refused here and by each table's
 * `CHECK (decided_by <> requested_by)`; the decision is one conditional update (`WHERE status =
 * 'pending'`), so two checkers racing cannot both decide it.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.js';
import type { couponIssues, orderApprovals, reviewApprovals } from '../../../db/schema.js';
import { ConsoleError } from './console-error.js';
import type { Actor } from './session.js';

/** The tables of requests a second operator decides: each has the same four columns and CHECK. */
type FourEyesTable = typeof orderApprovals | typeof reviewApprovals | typeof couponIssues;

/** The maker of a request never decides it. */
export const refuseMaker = (request: { requestedBy: number }, actor: Actor, what: string): void => {
  if (request.requestedBy === actor.operator.id) {
    throw ConsoleError.conflict(`You asked for this ${what}: another operator approves or rejects it.`);
  }
};

/** The checker's decision on a pending request, once; a request decided meanwhile answers 409. */
export const decideOnce = async <T extends FourEyesTable>(
  tx: Db,
  table: T,
  id: number,
  approve: boolean,
  actor: Actor,
  now: Date,
  what: string,
): Promise<T['$inferSelect']> => {
  // one shape for both tables: the columns the CHECK names
  const requests = table as typeof orderApprovals;
  const [decided] = await tx
    .update(requests)
    .set({ status: approve ? 'approved' : 'rejected', decidedBy: actor.operator.id, decidedAt: now })
    .where(and(eq(requests.id, id), eq(requests.status, 'pending')))
    .returning();
  if (!decided) throw ConsoleError.conflict(`This ${what} was already decided.`);
  return decided as T['$inferSelect'];
};
