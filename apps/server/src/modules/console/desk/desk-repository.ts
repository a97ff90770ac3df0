/** The complaint desk's reads and writes: the queue, one complaint with its history, assignment, closing, templates. */
import { COLLECTION_PROBLEM_TYPE } from '@kilat/contract';
import { and, asc, count, eq, inArray, isNotNull, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.js';
import {
  borrowers,
  complaintDeadlines,
  complaintDesk,
  complaintImages,
  complaintReplies,
  complaintReplyImages,
  complaintScores,
  complaints,
  orders,
  replyTemplates,
  uploads,
} from '../../../db/schema.js';

export const QUEUE_PAGE_SIZE = 50;

export interface QueueFilter {
  status: 'open' | 'replied' | 'closed' | 'all';
  type?: number | undefined;
  sonType?: number | undefined;
  market?: 'IN' | 'ID' | undefined;
  createdBefore?: Date | undefined;
  assigneeId?: number | 'none' | undefined;
  /** agents do not see collection complaints: they are routed to supervisors */
  includeCollection: boolean;
}

const queueColumns = {
  id: complaints.id,
  createdAt: complaints.createdAt,
  repliedAt: complaints.repliedAt,
  problemType: complaints.problemType,
  problemSonType: complaints.problemSonType,
  detail: complaints.detail,
  borrowerId: complaints.borrowerId,
  orderId: complaints.orderId,
  market: borrowers.market,
  orderNo: orders.orderNo,
  assigneeId: complaintDesk.assigneeId,
  closedAt: complaintDesk.closedAt,
  score: complaintScores.score,
  regulatorDeadline: complaintDeadlines.deadline,
  escalatedAt: complaintDeadlines.escalatedAt,
};

export type QueueRow = {
  id: number;
  createdAt: Date;
  repliedAt: Date | null;
  problemType: number;
  problemSonType: number;
  detail: string;
  borrowerId: number;
  orderId: number;
  market: 'IN' | 'ID';
  orderNo: string;
  assigneeId: number | null;
  closedAt: Date | null;
  score: number | null;
  regulatorDeadline: string | null;
  escalatedAt: Date | null;
};

export class DeskRepository {
  constructor(private readonly db: Db) {}

  private base(tx: Db) {
    return tx
      .select(queueColumns)
      .from(complaints)
      .innerJoin(borrowers, eq(borrowers.id, complaints.borrowerId))
      .innerJoin(orders, eq(orders.id, complaints.orderId))
      .leftJoin(complaintDesk, eq(complaintDesk.complaintId, complaints.id))
      .leftJoin(complaintScores, eq(complaintScores.complaintId, complaints.id))
      .leftJoin(complaintDeadlines, eq(complaintDeadlines.complaintId, complaints.id));
  }

  async queue(filter: QueueFilter, page: number, tx: Db = this.db): Promise<{ rows: QueueRow[]; total: number }> {
    const conditions: SQL[] = [];
    // the borrower's tabs' rule (complaintTabOf): rated or closed is closed, answered is replied
    if (filter.status === 'open')
      conditions.push(isNull(complaints.repliedAt), isNull(complaintDesk.closedAt), isNull(complaintScores.score));
    if (filter.status === 'replied')
      conditions.push(isNotNull(complaints.repliedAt), isNull(complaintDesk.closedAt), isNull(complaintScores.score));
    if (filter.status === 'closed') conditions.push(or(isNotNull(complaintDesk.closedAt), isNotNull(complaintScores.score))!);
    if (filter.type) conditions.push(eq(complaints.problemType, filter.type));
    if (filter.sonType) conditions.push(eq(complaints.problemSonType, filter.sonType));
    if (filter.market) conditions.push(eq(borrowers.market, filter.market));
    if (filter.createdBefore) conditions.push(lte(complaints.createdAt, filter.createdBefore));
    if (filter.assigneeId === 'none') conditions.push(isNull(complaintDesk.assigneeId));
    else if (filter.assigneeId) conditions.push(eq(complaintDesk.assigneeId, filter.assigneeId));
    if (!filter.includeCollection) conditions.push(ne(complaints.problemType, COLLECTION_PROBLEM_TYPE));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [rows, totals] = await Promise.all([
      this.base(tx)
        .where(where)
        // the oldest first: they are the closest to their deadline
        .orderBy(asc(complaints.createdAt), asc(complaints.id))
        .limit(QUEUE_PAGE_SIZE)
        .offset((page - 1) * QUEUE_PAGE_SIZE),
      tx
        .select({ n: count() })
        .from(complaints)
        .innerJoin(borrowers, eq(borrowers.id, complaints.borrowerId))
        .leftJoin(complaintDesk, eq(complaintDesk.complaintId, complaints.id))
        .leftJoin(complaintScores, eq(complaintScores.complaintId, complaints.id))
        .where(where),
    ]);
    return { rows: rows as QueueRow[], total: Number(totals[0]?.n ?? 0) };
  }

  async one(id: number, tx: Db = this.db): Promise<QueueRow | null> {
    const [row] = await this.base(tx).where(eq(complaints.id, id)).limit(1);
    return (row as QueueRow | undefined) ?? null;
  }

  async history(complaintId: number, tx: Db = this.db) {
    const [images, replies, replyImages] = await Promise.all([
      tx
        .select({ name: uploads.name })
        .from(complaintImages)
        .innerJoin(uploads, eq(uploads.id, complaintImages.uploadId))
        .where(eq(complaintImages.complaintId, complaintId))
        .orderBy(complaintImages.position),
      tx.select().from(complaintReplies).where(eq(complaintReplies.complaintId, complaintId)).orderBy(complaintReplies.id),
      tx
        .select({ replyId: complaintReplyImages.replyId, name: uploads.name })
        .from(complaintReplyImages)
        .innerJoin(complaintReplies, eq(complaintReplies.id, complaintReplyImages.replyId))
        .innerJoin(uploads, eq(uploads.id, complaintReplyImages.uploadId))
        .where(eq(complaintReplies.complaintId, complaintId))
        .orderBy(complaintReplyImages.replyId, complaintReplyImages.position),
    ]);
    return { images: images.map((image) => image.name), replies, replyImages };
  }

  async borrower(id: number, tx: Db = this.db) {
    const [row] = await tx.select().from(borrowers).where(eq(borrowers.id, id)).limit(1);
    return row ?? null;
  }

  async order(id: number, tx: Db = this.db) {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1);
    return row ?? null;
  }

  /** The borrower's chatbot records (spec §3, types 1–4), newest first, with the question in their language. */
  async desk(complaintId: number, tx: Db = this.db) {
    const [row] = await tx.select().from(complaintDesk).where(eq(complaintDesk.complaintId, complaintId)).limit(1);
    return row ?? null;
  }

  async setDesk(complaintId: number, change: { assigneeId?: number | null; closedAt?: Date | null }, now: Date, tx: Db = this.db) {
    await tx
      .insert(complaintDesk)
      .values({ complaintId, assigneeId: change.assigneeId ?? null, closedAt: change.closedAt ?? null, updatedAt: now })
      .onConflictDoUpdate({ target: complaintDesk.complaintId, set: { ...change, updatedAt: now } });
  }

  /**
   * The complaint's assignee after giving it to `operatorId` if it had none: a reply takes an
   * unassigned complaint, in the reply's transaction, so two operators cannot both answer it.
   */
  async claim(complaintId: number, operatorId: number, now: Date, tx: Db = this.db): Promise<number | null> {
    const [row] = await tx
      .insert(complaintDesk)
      .values({ complaintId, assigneeId: operatorId, closedAt: null, updatedAt: now })
      .onConflictDoUpdate({
        target: complaintDesk.complaintId,
        set: { assigneeId: sql`COALESCE(${complaintDesk.assigneeId}, excluded.assignee_id)`, updatedAt: now },
      })
      .returning({ assigneeId: complaintDesk.assigneeId });
    return row?.assigneeId ?? null;
  }

  async templates(problemType: number | undefined, tx: Db = this.db) {
    return tx
      .select()
      .from(replyTemplates)
      .where(problemType ? eq(replyTemplates.problemType, problemType) : undefined)
      .orderBy(asc(replyTemplates.problemType), asc(replyTemplates.id));
  }

  async template(id: number, tx: Db = this.db) {
    const [row] = await tx.select().from(replyTemplates).where(eq(replyTemplates.id, id)).limit(1);
    return row ?? null;
  }

  async insertTemplate(template: typeof replyTemplates.$inferInsert, tx: Db = this.db) {
    const [row] = await tx.insert(replyTemplates).values(template).returning();
    return row!;
  }

  async updateTemplate(id: number, change: Partial<typeof replyTemplates.$inferInsert>, tx: Db = this.db) {
    const [row] = await tx.update(replyTemplates).set(change).where(eq(replyTemplates.id, id)).returning();
    return row!;
  }

  async uploadIdsByName(names: readonly string[], tx: Db = this.db) {
    if (names.length === 0) return [];
    return tx
      .select({ id: uploads.id, name: uploads.name })
      .from(uploads)
      .where(inArray(uploads.name, [...names]));
  }
}
