/** Complaints with their images, replies and scores, and the problem-type catalogue. Every method takes an optional transaction. */
import { and, asc, count, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import {
  type Complaint,
  complaintDesk,
  complaintImages,
  complaintReplies,
  complaintReplyImages,
  complaintScores,
  complaints,
  problemTypes,
  uploads,
} from '../../db/schema.js';

/** The complaint list's tabs (spec §2): derived from the reply, the score and the desk's close, never stored. */
export const ComplaintTab = { Processing: 1, Replied: 2, Closed: 3 } as const;
export type ComplaintTab = (typeof ComplaintTab)[keyof typeof ComplaintTab];

/**
 * The one rule of where a complaint stands, for the borrower's tabs and the console's desk alike
 * (issue 31): rated by the borrower or closed by an operator is closed, answered is replied.
 */
export const complaintTabOf = (state: { repliedAt: Date | null; score: number | null; closedAt: Date | null }): ComplaintTab =>
  state.score !== null || state.closedAt !== null ? ComplaintTab.Closed : state.repliedAt ? ComplaintTab.Replied : ComplaintTab.Processing;

// the same rule in SQL; literal numbers, not parameters: the same expression is selected and grouped by
const tabOf = sql<number>`CASE WHEN ${complaintScores.complaintId} IS NOT NULL OR ${complaintDesk.closedAt} IS NOT NULL THEN ${sql.raw(String(ComplaintTab.Closed))} WHEN ${complaints.repliedAt} IS NOT NULL THEN ${sql.raw(String(ComplaintTab.Replied))} ELSE ${sql.raw(String(ComplaintTab.Processing))} END`;

export type ProblemTypeRow = typeof problemTypes.$inferSelect;

export interface ListedComplaint {
  id: number;
  tab: ComplaintTab;
  createdAt: Date;
  problemType: number;
  detail: string;
}

export interface ComplaintRecord {
  complaint: Complaint;
  imageNames: string[];
  replies: { text: string; imageNames: string[] }[];
  score: number | null;
  /** when an operator closed it, if they did */
  closedAt: Date | null;
}

export class ComplaintsRepository {
  constructor(private readonly db: Db) {}

  async problemTypes(tx: Db = this.db): Promise<ProblemTypeRow[]> {
    return tx.select().from(problemTypes).orderBy(problemTypes.parentValue, problemTypes.sortOrder, problemTypes.value);
  }

  /** The complaint and its images in one transaction. */
  async insert(complaint: typeof complaints.$inferInsert, uploadIds: readonly number[], tx: Db = this.db): Promise<number> {
    return tx.transaction(async (inner) => {
      const [row] = await inner.insert(complaints).values(complaint).returning({ id: complaints.id });
      const complaintId = row!.id;
      if (uploadIds.length > 0) {
        await inner.insert(complaintImages).values(uploadIds.map((uploadId, index) => ({ complaintId, position: index + 1, uploadId })));
      }
      return complaintId;
    });
  }

  /** One page of each tab, newest first, and how many each tab holds. */
  async listPage(borrowerId: number, offset: number, size: number, tx: Db = this.db) {
    const withTab = tx
      .select({
        id: complaints.id,
        createdAt: complaints.createdAt,
        problemType: complaints.problemType,
        detail: complaints.detail,
        tab: tabOf.as('tab'),
      })
      .from(complaints)
      .leftJoin(complaintScores, eq(complaintScores.complaintId, complaints.id))
      .leftJoin(complaintDesk, eq(complaintDesk.complaintId, complaints.id))
      .where(eq(complaints.borrowerId, borrowerId))
      .as('with_tab');
    const ranked = tx
      .select({
        id: withTab.id,
        createdAt: withTab.createdAt,
        problemType: withTab.problemType,
        detail: withTab.detail,
        tab: withTab.tab,
        rank: sql<number>`row_number() OVER (PARTITION BY ${withTab.tab} ORDER BY ${withTab.createdAt} DESC, ${withTab.id} DESC)`.as(
          'rank',
        ),
      })
      .from(withTab)
      .as('ranked');
    const [rows, totals] = await Promise.all([
      tx
        .select()
        .from(ranked)
        .where(and(gt(ranked.rank, offset), lte(ranked.rank, offset + size)))
        .orderBy(asc(ranked.tab), asc(ranked.rank)),
      tx
        .select({ tab: tabOf, total: count() })
        .from(complaints)
        .leftJoin(complaintScores, eq(complaintScores.complaintId, complaints.id))
        .leftJoin(complaintDesk, eq(complaintDesk.complaintId, complaints.id))
        .where(eq(complaints.borrowerId, borrowerId))
        .groupBy(tabOf),
    ]);
    const listed: ListedComplaint[] = rows.map((row) => ({
      id: Number(row.id),
      tab: Number(row.tab) as ComplaintTab,
      createdAt: new Date(row.createdAt),
      problemType: Number(row.problemType),
      detail: row.detail,
    }));
    const totalByTab = new Map(totals.map((row) => [Number(row.tab) as ComplaintTab, Number(row.total)]));
    return { listed, totalByTab };
  }

  async findById(id: number, tx: Db = this.db): Promise<Complaint | null> {
    const [row] = await tx.select().from(complaints).where(eq(complaints.id, id)).limit(1);
    return row ?? null;
  }

  /** The complaint with its images, its replies (oldest first) with theirs, and its score. */
  async record(complaint: Complaint, tx: Db = this.db): Promise<ComplaintRecord> {
    const [images, replies, replyImages, scores, desk] = await Promise.all([
      tx
        .select({ name: uploads.name })
        .from(complaintImages)
        .innerJoin(uploads, eq(uploads.id, complaintImages.uploadId))
        .where(eq(complaintImages.complaintId, complaint.id))
        .orderBy(complaintImages.position),
      tx
        .select({ id: complaintReplies.id, text: complaintReplies.text })
        .from(complaintReplies)
        .where(eq(complaintReplies.complaintId, complaint.id))
        .orderBy(complaintReplies.id),
      tx
        .select({ replyId: complaintReplyImages.replyId, name: uploads.name })
        .from(complaintReplyImages)
        .innerJoin(complaintReplies, eq(complaintReplies.id, complaintReplyImages.replyId))
        .innerJoin(uploads, eq(uploads.id, complaintReplyImages.uploadId))
        .where(eq(complaintReplies.complaintId, complaint.id))
        .orderBy(complaintReplyImages.replyId, complaintReplyImages.position),
      tx.select({ score: complaintScores.score }).from(complaintScores).where(eq(complaintScores.complaintId, complaint.id)),
      tx.select({ closedAt: complaintDesk.closedAt }).from(complaintDesk).where(eq(complaintDesk.complaintId, complaint.id)),
    ]);
    return {
      complaint,
      imageNames: images.map((image) => image.name),
      replies: replies.map((reply) => ({
        text: reply.text,
        imageNames: replyImages.filter((image) => image.replyId === reply.id).map((image) => image.name),
      })),
      score: scores[0]?.score ?? null,
      closedAt: desk[0]?.closedAt ?? null,
    };
  }

  /** Stores the score unless the complaint has one; answers whether it was stored. */
  async insertScore(complaintId: number, score: number, createdAt: Date, tx: Db = this.db): Promise<boolean> {
    const inserted = await tx
      .insert(complaintScores)
      .values({ complaintId, score, createdAt })
      .onConflictDoNothing()
      .returning({ complaintId: complaintScores.complaintId });
    return inserted.length > 0;
  }

  /** A reply with its images; the complaint counts as replied from its first reply on. */
  async insertReply(
    complaintId: number,
    reply: { text: string; author: string; createdAt: Date },
    uploadIds: readonly number[],
    tx: Db = this.db,
  ): Promise<number> {
    return tx.transaction(async (inner) => {
      const [row] = await inner
        .insert(complaintReplies)
        .values({ complaintId, ...reply })
        .returning({ id: complaintReplies.id });
      const replyId = row!.id;
      if (uploadIds.length > 0) {
        await inner.insert(complaintReplyImages).values(uploadIds.map((uploadId, index) => ({ replyId, position: index + 1, uploadId })));
      }
      await inner
        .update(complaints)
        .set({ repliedAt: sql`COALESCE(${complaints.repliedAt}, ${reply.createdAt.toISOString()}::timestamptz)` })
        .where(eq(complaints.id, complaintId));
      return replyId;
    });
  }

  /** Newest first, for the ops command's listing and for tests. */
  async listByBorrower(borrowerId: number, tx: Db = this.db): Promise<Complaint[]> {
    return tx
      .select()
      .from(complaints)
      .where(eq(complaints.borrowerId, borrowerId))
      .orderBy(desc(complaints.createdAt), desc(complaints.id));
  }
}
