/**
 * The console's append-only audit log (issue 18), as any module writes it: one row per operator
 * action, in the transaction of the change, so the row and the change commit or roll back together.
 * The console reads it (console/shared/audit.ts); collections writes it too, without importing the
 * console that registers it. Each row keeps the role its operator held then (decision 277).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { auditLog, operators } from '../../db/schema.js';

export interface AuditEvent {
  operatorId: number | null;
  action: string;
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
  requestId: string;
}

export const appendAudit = async (tx: Db, event: AuditEvent, now: Date): Promise<void> => {
  await tx.insert(auditLog).values({
    operatorId: event.operatorId,
    // the role held now, read in the change's transaction: the log shows it after a later role change (decision 277)
    operatorRole:
      event.operatorId === null ? null : sql`(SELECT ${operators.role} FROM ${operators} WHERE ${operators.id} = ${event.operatorId})`,
    action: event.action,
    targetType: event.targetType,
    targetId: String(event.targetId),
    before: event.before ?? null,
    after: event.after ?? null,
    requestId: event.requestId,
    createdAt: now,
  });
};
