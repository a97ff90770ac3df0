/** A borrower's chatbot records (spec §3 types 1–4) as operators read them: newest first, the question in the borrower's language. */
import { localeOf, type Market } from '@kilat/contract';
import type { ChatRecordView } from '@kilat/contract/console';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { orders, qaNodeTexts, qaRecords } from '../../db/schema.js';

export const chatRecordViews = async (db: Db, borrowerId: number, market: Market, limit = 50): Promise<ChatRecordView[]> => {
  const records = await db
    .select({
      id: qaRecords.id,
      type: qaRecords.type,
      value: qaRecords.value,
      createdAt: qaRecords.createdAt,
      question: sql<string | null>`${qaNodeTexts.title}`,
      orderNo: sql<string | null>`${orders.orderNo}`,
    })
    .from(qaRecords)
    .leftJoin(qaNodeTexts, and(eq(qaNodeTexts.nodeId, qaRecords.qaId), eq(qaNodeTexts.locale, localeOf(market))))
    .leftJoin(orders, eq(orders.id, qaRecords.orderId))
    .where(eq(qaRecords.borrowerId, borrowerId))
    .orderBy(desc(qaRecords.createdAt), desc(qaRecords.id))
    .limit(limit);
  return records.map((record) => ({
    id: record.id,
    type: record.type,
    value: record.value,
    question: record.question ?? '',
    orderNo: record.orderNo ?? '',
    createdAt: record.createdAt.toISOString(),
  }));
};
