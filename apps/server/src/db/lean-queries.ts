/**
 * Queries on the PostgreSQL pool without drizzle's per-call wrapping (issue 33, decision 177).
 * drizzle's node-postgres `execute` runs a query through three tracing spans (no-ops without
 * OpenTelemetry), a result cache Kilat does not configure and three nested async functions, and
 * maps each row by asking every selected field what kind of field it is; at 50 connections that
 * cost every request 3–8 µs a query beside the pool's own work. Here a query the pool's session
 * prepares runs as drizzle runs it — the same query config (statement name, row mode, drizzle's
 * type parsers), the same placeholders filled, a failure wrapped in the same `DrizzleQueryError`,
 * rows mapped to the same shape — with each field's decoder and path worked out once per query
 * instead of once per row. `pg` itself copied each query's config and worked out each column's
 * parser for every answer; here a statement keeps what its last answer was read with (decision 178).
 * Transactions keep drizzle's own path: they run on a session of their own; so do relational
 * queries, which map their rows their own way.
 */
import { Column, DrizzleQueryError, fillPlaceholders, getTableName, is, SQL, Subquery } from 'drizzle-orm';
import pg from 'pg';

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

/** drizzle's query config: its statement name, row mode and type parsers. */
interface QueryConfig {
  name?: string | undefined;
  text: string;
  rowMode?: 'array' | undefined;
  types: { getTypeParser(typeId: number, format: string): unknown };
}

/** A column of an answer's row description, as `pg` hands it to its result. */
interface FieldDescription {
  name: string;
  dataTypeID: number;
  format: string;
}

/** What the lean path reads of drizzle's `NodePgPreparedQuery` (the fields its own `execute` reads). */
interface NodePgPrepared {
  client: { query(query: pg.Query): Promise<QueryResult> };
  params: unknown[];
  fields: SelectedField[] | undefined;
  customResultMapper: ((rows: unknown[][]) => unknown) | undefined;
  joinsNotNullableMap: Record<string, boolean> | undefined;
  queryConfig: QueryConfig;
  rawQueryConfig: QueryConfig;
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

/**
 * How a statement's answers are read, kept from its first answer: each column's parser (drizzle's
 * `getTypeParser` makes a new function for every date column it is asked about) and the empty row an
 * answer read as objects copies. A prepared statement's row description does not change while it
 * is prepared (PostgreSQL refuses to run it when its result would), and what was kept is used only
 * for an answer with the same columns.
 */
interface Reading {
  fields: FieldDescription[] | null;
  parsers: unknown;
  emptyRow: unknown;
}

const sameColumns = (kept: FieldDescription[], fields: FieldDescription[]) => {
  if (kept.length !== fields.length) return false;
  for (let index = 0; index < fields.length; index++) {
    const a = kept[index] as FieldDescription;
    const b = fields[index] as FieldDescription;
    if (a.dataTypeID !== b.dataTypeID || a.format !== b.format || a.name !== b.name) return false;
  }
  return true;
};

/** `pg`'s fields of a result the lean path sets (its `addFields` sets them; @types/pg does not declare them). */
interface ResultInternals {
  fields: FieldDescription[];
  _parsers: unknown;
  _prebuiltEmptyResultObject: unknown;
}

const addFieldsOfPg = (pg.Result.prototype as unknown as { addFields(this: pg.Result, fields: FieldDescription[]): void }).addFields;

/** A statement's result that reads its row description as the statement's last answer did. */
class StatementResult extends pg.Result {
  constructor(
    rowMode: string,
    types: QueryConfig['types'],
    private readonly reading: Reading,
  ) {
    super(rowMode, types as typeof pg.types);
  }

  addFields(fields: FieldDescription[]): void {
    const internals = this as unknown as ResultInternals;
    const kept = this.reading;
    if (kept.fields !== null && sameColumns(kept.fields, fields)) {
      internals.fields = fields;
      internals._parsers = kept.parsers;
      internals._prebuiltEmptyResultObject = kept.emptyRow;
      return;
    }
    addFieldsOfPg.call(this, fields);
    kept.fields = fields;
    kept.parsers = internals._parsers;
    kept.emptyRow = internals._prebuiltEmptyResultObject;
  }
}

/** `pg`'s fields of a query the lean path sets, which its constructor copies from a config. */
interface QueryInternals {
  name: string | undefined;
  types: QueryConfig['types'];
  _rowMode: string | undefined;
  _result: pg.Result;
  _results: pg.Result;
}

/**
 * A query of a prepared statement as `pg` runs one from drizzle's config, without its copy of the
 * config (`pg` copies every config object it is given, property descriptors and all, 3–5 µs a
 * query here) and reading its answer with the statement's kept `Reading` (12 µs for 30 columns).
 */
class StatementQuery extends pg.Query {
  constructor(config: QueryConfig, values: unknown[], reading: Reading) {
    // a text is not copied: the config's other fields are set as pg's constructor sets them from one
    super(config.text, values);
    const internals = this as unknown as QueryInternals;
    internals.name = config.name;
    internals.types = config.types;
    internals._rowMode = config.rowMode;
    const result = new StatementResult(config.rowMode as string, config.types, reading);
    internals._result = result;
    internals._results = result;
  }
}

const leanExecute = (prepared: NodePgPrepared) => {
  let mapRow: ((row: unknown[]) => Record<string, unknown>) | null = null;
  const reading: Reading = { fields: null, parsers: undefined, emptyRow: null };
  return async (values: Record<string, unknown> = {}): Promise<unknown> => {
    const params = fillPlaceholders(prepared.params, values);
    const { fields } = prepared;
    const mapped = fields !== undefined;
    const config = mapped ? prepared.queryConfig : prepared.rawQueryConfig;
    let result: QueryResult;
    try {
      // the pool runs a query object as it is: on a client of its own, released once it answers
      result = await prepared.client.query(new StatementQuery(config, params, reading));
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
