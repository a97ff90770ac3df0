/**
 * A database in a fresh schema of its own on a PostgreSQL server, dropped again on dispose: API
 * tests on PostgreSQL and the accrual bench run side by side with whatever else the server holds.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from './database.js';

export interface ScratchSchema {
  database: Database;
  /** its name, for a plain client that must work in it too (`-c search_path=…`) */
  schema: string;
  dispose(): Promise<void>;
}

export const openScratchSchema = async (url: string, prefix: string): Promise<ScratchSchema> => {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const database = await openDatabase({ url, searchPath: schema });
  return {
    database,
    schema,
    dispose: async () => {
      await database.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
};
