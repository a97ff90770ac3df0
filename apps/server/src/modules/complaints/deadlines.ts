/**
 * The complaint desk's regulator deadlines (issue 49, decision 221): each complaint's last day under
 * its market's grievance rule (src/lending/grievance-deadline.ts), kept in complaint_deadlines by a
 * job, escalated to the desk before it passes, extended once in Indonesia with the reason told.
 */
import { Market } from '@kilat/contract';
import { eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database.js';
import { complaintDeadlines } from '../../db/schema.js';
import { addDays, type BusinessDate, businessDateAt } from '../../lending/business-date.js';
import type { Clock } from '../../lending/clock.js';
import { type GrievanceClock, GrievanceRule, grievanceClock, grievanceDeadline } from '../../lending/grievance-deadline.js';
import { appendAudit } from '../audit/append.js';
import type { SmsProvider } from '../sms/sms-provider.js';

export const COMPLAINT_DEADLINES_JOB = 'complaint-deadlines';

/** complaints given their deadline row per run at most; the next run takes the rest */
const TRACK_BATCH = 2_000;

/**
 * Still in the lender's hands: India's deadline is for resolving, so only closing (or the borrower's
 * rating) ends it; Indonesia's is for answering, so a reply ends it too.
 */
const openSql = sql`d.closed_at IS NULL AND s.complaint_id IS NULL AND (b.market = 'IN' OR c.replied_at IS NULL)`;

export interface ComplaintState {
  id: number;
  market: Market;
  createdAt: Date;
  repliedAt: Date | null;
  closedAt: Date | null;
  score: number | null;
}

/**
 * Whom an escalation tells: the market's grievance redressal officer (configured, decision 220), by
 * SMS through the outbox, once per complaint. Without it (the ops commands, the dashboard) the job
 * only marks and audits.
 */
export interface EscalationNotice {
  outbox: Pick<SmsProvider, 'send'>;
  officerPhone: Record<Market, string>;
}

export interface ComplaintDeadline extends GrievanceClock {
  extensionReason: string | null;
}

/** The day the lender's time ended: India when the complaint was closed or rated, Indonesia at its first answer. */
const answeredOn = (complaint: ComplaintState): BusinessDate | null => {
  const ended = complaint.closedAt ?? (complaint.market === Market.Indonesia ? complaint.repliedAt : null);
  if (ended) return businessDateAt(ended, complaint.market);
  return complaint.score !== null ? businessDateAt(complaint.createdAt, complaint.market) : null;
};

export class ComplaintDeadlines {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly notice?: EscalationNotice,
  ) {}

  /** Where one complaint stands against its deadline today, with the extension's reason when it was extended. */
  async of(complaint: ComplaintState): Promise<ComplaintDeadline> {
    const [row] = await this.db
      .select({ extendedAt: complaintDeadlines.extendedAt, extensionReason: complaintDeadlines.extensionReason })
      .from(complaintDeadlines)
      .where(eq(complaintDeadlines.complaintId, complaint.id))
      .limit(1);
    const extended = row?.extendedAt != null;
    return {
      ...grievanceClock(complaint.market, businessDateAt(complaint.createdAt, complaint.market), this.clock.today(complaint.market), {
        extended,
        answeredOn: answeredOn(complaint),
      }),
      extensionReason: extended ? (row?.extensionReason ?? null) : null,
    };
  }

  /**
   * Indonesia's one extension (POJK 22/2023: 10 more working days, the reason told to the consumer).
   * Refused for India, a second time, or once the first deadline has passed.
   */
  async extend(complaint: ComplaintState, reason: string, tx: Db = this.db): Promise<BusinessDate> {
    if (complaint.market !== Market.Indonesia) throw new Error("India's 30 days are not extended");
    const receivedOn = businessDateAt(complaint.createdAt, complaint.market);
    const today = this.clock.today(complaint.market);
    if (today > grievanceDeadline(complaint.market, receivedOn)) throw new Error('the deadline has passed: it can no longer be extended');
    const deadline = grievanceDeadline(complaint.market, receivedOn, true);
    const written = await tx
      .insert(complaintDeadlines)
      .values({
        complaintId: complaint.id,
        market: complaint.market,
        receivedOn,
        deadline,
        extendedAt: this.clock.now(),
        extensionReason: reason,
      })
      .onConflictDoUpdate({
        target: complaintDeadlines.complaintId,
        set: { deadline, extendedAt: this.clock.now(), extensionReason: reason },
        setWhere: sql`${complaintDeadlines.extendedAt} IS NULL`,
      })
      .returning({ id: complaintDeadlines.complaintId });
    if (written.length === 0) throw new Error('the complaint was already extended once');
    return deadline;
  }

  /**
   * The job: a deadline row for each complaint that has none (computed here, with the market's
   * holidays), then every open complaint within GrievanceRule.escalateDaysBefore days of its
   * deadline, or past it, marked escalated once — in the same transaction audited and the market's
   * grievance officer told by SMS (decision 216). Idempotent: a repeated run changes nothing.
   */
  async run(now: Date): Promise<{ tracked: number; escalated: number }> {
    const untracked = rowsOf<{ id: number | string; market: Market; created_at: Date | string }>(
      await this.db.execute(sql`
      SELECT c.id, b.market, c.created_at FROM complaints c
      JOIN borrowers b ON b.id = c.borrower_id
      LEFT JOIN complaint_deadlines t ON t.complaint_id = c.id
      WHERE t.complaint_id IS NULL ORDER BY c.id LIMIT ${TRACK_BATCH}`),
    );
    const rows = untracked.map((row) => {
      const market = row.market;
      const receivedOn = businessDateAt(new Date(row.created_at), market);
      return { complaintId: Number(row.id), market, receivedOn, deadline: grievanceDeadline(market, receivedOn) };
    });
    if (rows.length > 0) await this.db.insert(complaintDeadlines).values(rows).onConflictDoNothing();
    let escalated = 0;
    for (const market of [Market.India, Market.Indonesia]) {
      const warnFrom = addDays(businessDateAt(now, market), GrievanceRule.escalateDaysBefore);
      escalated += await this.db.transaction(async (tx) => {
        const marked = rowsOf<{ complaint_id: number | string; deadline: string | Date; order_no: string }>(
          await tx.execute(sql`
          UPDATE complaint_deadlines t SET escalated_at = ${now}
          FROM complaints c
          JOIN borrowers b ON b.id = c.borrower_id
          JOIN orders o ON o.id = c.order_id
          LEFT JOIN complaint_desk d ON d.complaint_id = c.id
          LEFT JOIN complaint_scores s ON s.complaint_id = c.id
          WHERE t.complaint_id = c.id AND t.market = ${market} AND t.escalated_at IS NULL
            AND t.deadline <= ${warnFrom}::date AND ${openSql}
          RETURNING t.complaint_id, t.deadline::text AS deadline, o.order_no`),
        );
        for (const row of marked) {
          const deadline = String(row.deadline).slice(0, 10);
          await appendAudit(
            tx,
            {
              operatorId: null,
              action: 'complaint.escalated',
              targetType: 'complaint',
              targetId: Number(row.complaint_id),
              after: { market, deadline, orderNo: row.order_no },
              requestId: `job:${COMPLAINT_DEADLINES_JOB}`,
            },
            now,
          );
        }
        if (this.notice && marked.length > 0) {
          // one SMS a run and market: the officer reads the numbers in the console's complaint queue
          const list = marked.map((row) => `#${row.complaint_id} (${String(row.deadline).slice(0, 10)})`).join(', ');
          await this.notice.outbox.send(
            {
              market,
              phone: this.notice.officerPhone[market],
              purpose: 'complaint-escalation',
              body: `Kilat grievance desk: ${marked.length} complaint(s) near or past the regulator's deadline: ${list}. Open the console's complaint queue.`,
            },
            tx,
          );
        }
        return marked.length;
      });
    }
    return { tracked: rows.length, escalated };
  }

  /** The dashboard's figures: open complaints of the market by where they stand against the regulator's deadline. */
  async figures(market: Market): Promise<{ open: number; dueSoon: number; pastDeadline: number; escalated: number; extended: number }> {
    const today = this.clock.today(market);
    const warnFrom = addDays(today, GrievanceRule.escalateDaysBefore);
    const [row = {}] = rowsOf<Record<string, number | string>>(
      await this.db.execute(sql`
      SELECT count(*) AS open,
             count(*) FILTER (WHERE t.deadline >= ${today}::date AND t.deadline <= ${warnFrom}::date) AS due_soon,
             count(*) FILTER (WHERE t.deadline < ${today}::date) AS past_deadline,
             count(*) FILTER (WHERE t.escalated_at IS NOT NULL) AS escalated,
             count(*) FILTER (WHERE t.extended_at IS NOT NULL) AS extended
      FROM complaint_deadlines t
      JOIN complaints c ON c.id = t.complaint_id
      JOIN borrowers b ON b.id = c.borrower_id
      LEFT JOIN complaint_desk d ON d.complaint_id = c.id
      LEFT JOIN complaint_scores s ON s.complaint_id = c.id
      WHERE t.market = ${market} AND ${openSql}`),
    );
    const n = (key: string) => Number(row[key] ?? 0);
    return {
      open: n('open'),
      dueSoon: n('due_soon'),
      pastDeadline: n('past_deadline'),
      escalated: n('escalated'),
      extended: n('extended'),
    };
  }
}
