/** What the collections module's parts share: who acts, its refusals, its audit rows and the agency notice. */
import { interpolate, localeOf, ResultCode } from '@kilat/contract';
import { CollectionsCode, ConsoleCode } from '@kilat/contract/console';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { borrowers, type Order } from '../../db/schema.js';
import { textIn } from '../../http/language.js';
import { recordMessage } from '../messages/repository.js';
import type { SmsOutbox } from '../sms/outbox.js';
import { agencyNotices, type CollectionCase, collectionTeams, collectors } from './tables.js';

/** The signed-in operator as the console's guard passes them (console/desk-service.ts Actor). */
export interface Actor {
  operator: { id: number; role: 'agent' | 'supervisor' | 'risk' | 'admin'; name?: string };
  requestId: string;
}

/** A refusal in the console's envelope; the console's error handler for this module sends it as it is. */
export class CollectionsError extends Error {
  override name = 'CollectionsError';

  constructor(
    readonly code: string,
    message: string,
    readonly httpStatus: number,
  ) {
    super(message);
  }

  static notFound = () => new CollectionsError(ResultCode.NotFound, 'Not found.', 404);
  static invalid = (what: string) => new CollectionsError(ResultCode.InvalidRequest, `Invalid request: ${what}`, 400);
  static conflict = (message: string) => new CollectionsError(ConsoleCode.Conflict, message, 409);
  static role = () => new CollectionsError(ConsoleCode.RoleRefused, 'Your role does not allow this.', 403);
  /** a conduct rule: the hours, a holiday, the daily cap, a flag, an agency not yet named */
  static conduct = (message: string) => new CollectionsError(CollectionsCode.ConductRefused, message, 409);
}

/**
 * Before an outside agency's first contact the borrower is told its name and contact, by SMS and in
 * the message centre (RBI's FAQ on digital lending, Feb 2023): once per borrower and agency, in the
 * transaction that gives the case to the agency's collector. Answers whether a notice was written.
 */
export const noticeAgencyIfNeeded = async (
  tx: Db,
  outbox: SmsOutbox,
  kase: Pick<CollectionCase, 'id' | 'borrowerId' | 'orderId' | 'market'>,
  order: Pick<Order, 'orderNo'>,
  collectorId: number,
  now: Date,
): Promise<boolean> => {
  const [team] = await tx
    .select({ id: collectionTeams.id, kind: collectionTeams.kind, name: collectionTeams.name, contact: collectionTeams.contact })
    .from(collectors)
    .innerJoin(collectionTeams, eq(collectionTeams.id, collectors.teamId))
    .where(eq(collectors.id, collectorId));
  if (team?.kind !== 'agency') return false;
  const written = await tx
    .insert(agencyNotices)
    .values({ borrowerId: kase.borrowerId, teamId: team.id, caseId: kase.id, notifiedAt: now })
    .onConflictDoNothing()
    .returning({ teamId: agencyNotices.teamId });
  if (written.length === 0) return false;
  const [borrower] = await tx.select({ phone: borrowers.phone }).from(borrowers).where(eq(borrowers.id, kase.borrowerId));
  const values = { orderNo: order.orderNo, agency: team.name, contact: team.contact };
  await outbox.enqueue(
    {
      market: kase.market,
      phone: borrower!.phone,
      purpose: 'collection',
      body: interpolate(textIn(localeOf(kase.market), 'agencyNoticeSms'), values),
    },
    { dedupeKey: `agency-notice:${kase.borrowerId}:${team.id}` },
    tx,
  );
  await recordMessage(tx, {
    borrowerId: kase.borrowerId,
    orderId: kase.orderId,
    kind: 'agencyNotice',
    params: values,
    idempotencyKey: `message:agency-notice:${kase.borrowerId}:${team.id}`,
    shownAt: now,
  });
  return true;
};

/** Whether the agency of this collector (if it is one) was named to the borrower before now. */
export const agencyNamedBefore = async (tx: Db, borrowerId: number, collectorId: number, now: Date): Promise<boolean> => {
  const [team] = await tx
    .select({ id: collectionTeams.id, kind: collectionTeams.kind })
    .from(collectors)
    .innerJoin(collectionTeams, eq(collectionTeams.id, collectors.teamId))
    .where(eq(collectors.id, collectorId));
  if (team?.kind !== 'agency') return true;
  const [notice] = await tx
    .select({ at: agencyNotices.notifiedAt })
    .from(agencyNotices)
    .where(and(eq(agencyNotices.borrowerId, borrowerId), eq(agencyNotices.teamId, team.id)));
  return notice !== undefined && notice.at.getTime() <= now.getTime();
};
