/** The chatbot's question tree in each language, its full-text search, and QA records. Every method takes an optional transaction. */
import type { Locale } from '@kilat/contract';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { qaNodes, qaNodeTexts, qaRecords } from '../../db/schema.js';

export interface QaNodeText {
  id: number;
  parentId: number | null;
  actionType: number;
  title: string;
  alias: string;
}

/** English is stemmed ('repaying' finds 'repay'); Indonesian is matched word for word. */
const searchConfig = (locale: Locale) => (locale === 'en-IN' ? 'english' : 'simple');

export class ChatbotRepository {
  constructor(private readonly db: Db) {}

  private selectNodes(locale: Locale, tx: Db) {
    return (
      tx
        .select({
          id: qaNodes.id,
          parentId: qaNodes.parentId,
          actionType: qaNodes.actionType,
          title: qaNodeTexts.title,
          alias: qaNodeTexts.alias,
        })
        .from(qaNodes)
        // a retired node (console chatbot editor) is gone for borrowers
        .innerJoin(qaNodeTexts, and(eq(qaNodeTexts.nodeId, qaNodes.id), eq(qaNodeTexts.locale, locale), isNull(qaNodes.retiredAt)))
    );
  }

  async node(id: number, locale: Locale, tx: Db = this.db): Promise<QaNodeText | null> {
    const [row] = await this.selectNodes(locale, tx).where(eq(qaNodes.id, id)).limit(1);
    return row ?? null;
  }

  /** The children of a node, or the categories when `parentId` is null. */
  async children(parentId: number | null, locale: Locale, tx: Db = this.db): Promise<QaNodeText[]> {
    return this.selectNodes(locale, tx)
      .where(parentId === null ? isNull(qaNodes.parentId) : eq(qaNodes.parentId, parentId))
      .orderBy(asc(qaNodes.sortOrder), asc(qaNodes.id));
  }

  async nodes(ids: readonly number[], locale: Locale, tx: Db = this.db): Promise<QaNodeText[]> {
    if (ids.length === 0) return [];
    return this.selectNodes(locale, tx).where(inArray(qaNodes.id, [...ids]));
  }

  /** Nodes of these action types whose title or alias shares a word with the question, closest first. */
  async search(locale: Locale, words: readonly string[], actionTypes: readonly number[], limit: number, tx: Db = this.db) {
    if (words.length === 0) return [];
    const config = searchConfig(locale);
    // any of the words may match ("or" is websearch_to_tsquery's OR); the rank orders by how many and how close
    const query = sql`websearch_to_tsquery(${config}::regconfig, ${words.join(' or ')})`;
    const search = sql`${qaNodeTexts}.search`;
    const rank = sql<number>`ts_rank_cd(${search}, ${query})`;
    return tx
      .select({ id: qaNodes.id, rank })
      .from(qaNodeTexts)
      .innerJoin(qaNodes, eq(qaNodes.id, qaNodeTexts.nodeId))
      .where(
        and(
          eq(qaNodeTexts.locale, locale),
          inArray(qaNodes.actionType, [...actionTypes]),
          isNull(qaNodes.retiredAt),
          sql`${search} @@ ${query}`,
        ),
      )
      .orderBy(desc(rank), asc(qaNodes.id))
      .limit(limit);
  }

  async insertRecord(record: typeof qaRecords.$inferInsert, tx: Db = this.db): Promise<void> {
    await tx.insert(qaRecords).values(record);
  }
}
