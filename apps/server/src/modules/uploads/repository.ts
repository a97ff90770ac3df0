/** Rows of stored images. Every method takes an optional transaction. */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { type Upload, uploads } from '../../db/schema.js';

export class UploadsRepository {
  constructor(private readonly db: Db) {}

  async insert(row: typeof uploads.$inferInsert, tx: Db = this.db): Promise<Upload> {
    const [inserted] = await tx.insert(uploads).values(row).returning();
    return inserted!;
  }

  async findByNames(names: readonly string[], tx: Db = this.db): Promise<Upload[]> {
    if (names.length === 0) return [];
    return tx
      .select()
      .from(uploads)
      .where(inArray(uploads.name, [...names]));
  }
}
