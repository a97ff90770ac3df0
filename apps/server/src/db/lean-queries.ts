/**
 * Queries on the PostgreSQL pool without drizzle's per-call wrapping (issue 33, decision 177).
 * drizzle's node-postgres `execute` runs a query through three tracing spans (no-ops without
 * OpenTelemetry), a result cache Kilat does not configure and three nested async functions, and
 * maps each row by asking every selected field what kind of field it is; at 50 connections that
 * cost every request 3–8 µs a query beside the pool's own work. Here a query the pool's session
 * prepares runs as drizzle runs it — the same query config (statement name, row mode, drizzle's
 * type parsers), the same placeholders filled, a failure wrapped in the same `DrizzleQueryError`,
 * rows mapped to the same shape — with each field's decoder and path worked out once per query
 * instead of once per row. Transactions keep drizzle's own path: they run on a session of their own;
 * so do relational queries, which map their rows their own way.
 */
import { Column, DrizzleQueryError, fillPlaceholders, getTableName, is, SQL, Subquery } from 'drizzle-orm';

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** A selected field as drizzle's select builders hand it to the session: its path in the row and what it is. */
interface SelectedField {
  path: string[];
  field: unknown;
}

interface QueryResult {
  rows: unknown[];
}

/** What the lean path reads of drizzle's `NodePgPreparedQuery` (the fields its own `execute` reads). */
interface NodePgPrepared {
  client: { query(config: unknown, values: unknown[]): Promise<QueryResult> };
  params: unknown[];
  fields: SelectedField[] | undefined;
  customResultMapper: ((rows: unknown[][]) => unknown) | undefined;
  joinsNotNullableMap: Record<string, boolean> | undefined;
  queryConfig: { text: string };
  rawQueryConfig: { text: string };
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/** The decoder drizzle's `mapResultRow` picks for a field (an SQL's decoder is internal to drizzle's types). */
const decoderOf = (field: unknown): Decoder => {
  const sqlDecoder = (sql: unknown) => (sql as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return sqlDecoder(field);
  if (is(field, Subquery)) return sqlDecoder(field._.sql);
  return sqlDecoder((field as { sql: unknown }).sql);
};

/**
 * The row mapper of a select's fields: drizzle's `mapResultRow` (utils.ts) with what it works out
 * from the fields — each one's decoder, path and table — worked out once. A left-joined table whose
 * columns all read null becomes null, as there.
 */
const rowMapper = (fields: SelectedField[], joinsNotNullableMap: Record<string, boolean> | undefined) => {
  const columns = fields.map(({ path, field }) => ({
    path,
    last: path[path.length - 1] as string,
    decoder: decoderOf(field),
    // the table a left join may make null, for a column at depth two
    table: joinsNotNullableMap && is(field, Column) && path.length === 2 ? getTableName(field.table) : null,
  }));
  return (row: unknown[]): Record<string, unknown> => {
    const result: Record<string, unknown> = {};
    const nullify: Record<string, string | false> | null = joinsNotNullableMap ? {} : null;
    for (let index = 0; index < columns.length; index++) {
      const { path, last, decoder, table } = columns[index] as (typeof columns)[number];
      let node = result;
      for (let depth = 0; depth < path.length - 1; depth++) {
        const chunk = path[depth] as string;
        if (!(chunk in node)) node[chunk] = {};
        node = node[chunk] as Record<string, unknown>;
      }
      const raw = row[index];
      const value = raw === null ? null : decoder.mapFromDriverValue(raw);
      node[last] = value;
      if (nullify && table !== null) {
        const objectName = path[0] as string;
        if (!(objectName in nullify)) nullify[objectName] = value === null ? table : false;
        else if (typeof nullify[objectName] === 'string' && nullify[objectName] !== table) nullify[objectName] = false;
      }
    }
    if (nullify && joinsNotNullableMap) {
      for (const objectName in nullify) {
        const tableName = nullify[objectName];
        if (typeof tableName === 'string' && !joinsNotNullableMap[tableName]) result[objectName] = null;
      }
    }
    return result;
  };
};

const leanExecute = (prepared: NodePgPrepared) => {
  let mapRow: ((row: unknown[]) => Record<string, unknown>) | null = null;
  return async (values: Record<string, unknown> = {}): Promise<unknown> => {
    const params = fillPlaceholders(prepared.params, values);
    const { fields } = prepared;
    const mapped = fields !== undefined;
    const config = mapped ? prepared.queryConfig : prepared.rawQueryConfig;
    let result: QueryResult;
    try {
      result = await prepared.client.query(config, params);
    } catch (error) {
      throw new DrizzleQueryError(config.text, params, error as Error);
    }
    if (!mapped) return result;
    const rows = result.rows as unknown[][];
    // the select builder sets its joins' map after preparing the query, so the mapper is made on the first call
    mapRow ??= rowMapper(fields as SelectedField[], prepared.joinsNotNullableMap);
    const out = new Array(rows.length);
    for (let index = 0; index < rows.length; index++) out[index] = mapRow(rows[index] as unknown[]);
    return out;
  };
};

/** Every query the pool's session prepares from now on runs on the lean path. */
export const useLeanQueries = (db: { _: { session: unknown } }) => {
  const session = db._.session as { prepareQuery: (...args: unknown[]) => NodePgPrepared };
  const prepare = session.prepareQuery.bind(session);
  session.prepareQuery = (...args: unknown[]) => {
    const prepared = prepare(...args);
    // a relational query (`db.query.…`, which Kilat does not use) maps its rows its own way: drizzle's path
    if (prepared.customResultMapper === undefined) prepared.execute = leanExecute(prepared);
    return prepared;
  };
};
