/**
 * A statement drizzle's builders cannot write (a data-modifying WITH), prepared once per database as
 * the builders' `.prepare(name)` are: its SQL is built once, PostgreSQL parses and plans it once per
 * connection, and each call only fills its `sql.placeholder` values.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Db, rowsOf } from './database.js';

const dialect = new PgDialect();

export interface PreparedSql<Row> {
  execute(values: Record<string, unknown>): Promise<Row[]>;
}

export const prepareSql = <Row>(db: Db, name: string, statement: SQL): PreparedSql<Row> => {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false);
  return { execute: async (values) => rowsOf<Row>(await prepared.execute(values)) };
};
