/** The append-only audit log (issue 18): one row per console action, written in the transaction of the change. */
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/database.js';
import { auditLog, operators } from '../../../db/schema.js';
import { type AuditEvent, appendAudit } from '../../audit/append.js';

export type { AuditEvent };

export interface AuditFilter {
  operatorId?: number | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  /** instants: from inclusive, to exclusive */
  from?: Date | undefined;
  to?: Date | undefined;
}

export const AUDIT_PAGE_SIZE = 50;

export class AuditLog {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** Call it with the transaction of the change: the row and the change commit or roll back together. */
  async append(tx: Db, event: AuditEvent): Promise<void> {
    await appendAudit(tx, event, this.now());
  }

  async page(filter: AuditFilter, page: number) {
    const conditions: SQL[] = [];
    if (filter.operatorId) conditions.push(eq(auditLog.operatorId, filter.operatorId));
    if (filter.action) conditions.push(eq(auditLog.action, filter.action));
    if (filter.targetType) conditions.push(eq(auditLog.targetType, filter.targetType));
    if (filter.targetId) conditions.push(eq(auditLog.targetId, filter.targetId));
    if (filter.from) conditions.push(gte(auditLog.createdAt, filter.from));
    if (filter.to) conditions.push(lt(auditLog.createdAt, filter.to));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [rows, totals] = await Promise.all([
      this.db
        .select({ entry: auditLog, operator: { id: operators.id, email: operators.email, name: operators.name, role: operators.role } })
        .from(auditLog)
        .leftJoin(operators, eq(operators.id, auditLog.operatorId))
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(AUDIT_PAGE_SIZE)
        .offset((page - 1) * AUDIT_PAGE_SIZE),
      this.db.select({ n: count() }).from(auditLog).where(where),
    ]);
    return { rows, total: Number(totals[0]?.n ?? 0) };
  }

  /** Every action the log holds, in name order: the filter offers what was done, not a list kept by hand (migration 0044's index). */
  async actions(): Promise<string[]> {
    const rows = await this.db.selectDistinct({ action: auditLog.action }).from(auditLog);
    // sorted here: a database's collation may order '-' and '.' otherwise
    return rows.map((row) => row.action).sort();
  }
}
