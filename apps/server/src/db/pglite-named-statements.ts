/**
 * Named statements on the embedded database (decision 120). PGlite's `query` parses, analyses and
 * plans its text on every call, in six trips into WebAssembly (Parse, Describe, Bind, Describe,
 * Execute, Sync). On PostgreSQL, node-postgres parses a named statement once per connection; a
 * statement our code names (drizzle's `.prepare(name)`, `prepareSql`) gets the same here: it is
 * parsed once under a name of its own, and each call sends Bind, Describe, Execute and Sync in one
 * trip. A statement without a name, and every statement inside a transaction, runs as before.
 */
import { type PGlite, parse, protocol, type Results } from '@electric-sql/pglite';

type QueryOptions = Parameters<PGlite['query']>[2];
const { serialize } = protocol;

interface Statement {
  name: string;
  /** the type of each parameter, as PostgreSQL inferred it at Parse */
  parameterTypes: number[];
}

const concat = (parts: Uint8Array[]) => {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
};

export class PgliteNamedStatements {
  /** the texts prepared under a name, and once parsed, their statement */
  private readonly named = new Map<string, Statement | null>();
  private parsed = 0;

  constructor(private readonly client: PGlite) {}

  /** Our code named this text: its calls are parsed once from now on. */
  add(text: string) {
    if (!this.named.has(text)) this.named.set(text, null);
  }

  has(text: string) {
    return this.named.has(text);
  }

  /**
   * Runs a named text as `PGlite.query` would, outside any transaction: it waits for a transaction
   * in progress and for the statement before it, exactly as `query` does.
   */
  query<Row>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<Row>> {
    const { client } = this;
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const statement = this.named.get(text) ?? (await this.parseOnce(text, options));
        const values = params.map((value, index) => {
          if (value === null || value === undefined) return null;
          const type = statement.parameterTypes[index] ?? 0;
          const serializer = options?.serializers?.[type] ?? client.serializers[type];
          return serializer ? serializer(value) : String(value);
        });
        // Sync ends the same trip, so an error in Bind or Execute leaves the session ready for the next
        const { messages } = await client.execProtocol(
          concat([
            serialize.bind({ statement: statement.name, values }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ]),
        );
        return parse.parseResults(messages, client.parsers, options)[0] as Results<Row>;
      }),
    );
  }

  private async parseOnce(text: string, options: QueryOptions): Promise<Statement> {
    this.parsed += 1;
    const name = `kilat_named_${this.parsed}`;
    const { messages } = await this.client.execProtocol(
      concat([
        serialize.parse({ name, text, ...(options?.paramTypes ? { types: options.paramTypes } : {}) }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const described = messages.find((message) => message.name === 'parameterDescription') as { dataTypeIDs?: number[] } | undefined;
    const statement = { name, parameterTypes: described?.dataTypeIDs ?? [] };
    this.named.set(text, statement);
    return statement;
  }
}

/**
 * Routes the named statements of `db` (a drizzle database over `client`) through `statements`:
 * drizzle's PGlite session hands a statement's name to `prepareQuery` and then calls
 * `client.query` with its text, so the name is noted there and the text recognised here.
 */
export const useNamedStatements = (db: { _: { session: object } }, client: PGlite) => {
  const statements = new PgliteNamedStatements(client);
  const session = db._.session as unknown as {
    prepareQuery: (query: { sql: string }, fields: unknown, name: string | undefined, ...rest: unknown[]) => unknown;
  };
  const prepareQuery = session.prepareQuery.bind(session);
  session.prepareQuery = (query, fields, name, ...rest) => {
    if (name) statements.add(query.sql);
    return prepareQuery(query, fields, name, ...rest);
  };
  const query = client.query.bind(client);
  client.query = (<Row>(text: string, params?: unknown[], options?: QueryOptions) =>
    statements.has(text) ? statements.query<Row>(text, params, options) : query<Row>(text, params, options)) as PGlite['query'];
  return statements;
};
