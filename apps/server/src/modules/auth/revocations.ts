/**
 * Session revocation reaches every instance at once (issue 32, decision 129). Each instance keeps
 * checked sessions in memory for a few seconds (SessionService); a logout, a logout everywhere,
 * `ops revoke-sessions` or an account deletion deletes the rows and then publishes what ended,
 * and every instance drops it from its cache as the message arrives, so the next request
 * anywhere reads the database and is refused. The channel:
 *
 * - Redis pub/sub when REDIS_URL is set (the instances already share it for rate limits);
 * - else PostgreSQL `LISTEN/NOTIFY`, on a connection of its own outside the pool;
 * - else (embedded PGlite, one process by design: decision 031) the process itself: every app
 *   opened on the same database object hears it.
 *
 * A listener that lost its connection may have missed messages: when it is back it drops its
 * whole cache. Publishing never fails a logout: the rows are gone; a lost message only means the
 * other instances' short cache lapses on its own.
 */
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../db/database.js';

/** What ended: one session (the hash of its token) or every session of a borrower. */
export type Revocation = { tokenHash: string } | { borrowerId: number };

export interface RevocationLog {
  warn(details: object, message: string): void;
}

const CHANNEL = 'kilat_sessions_revoked';

const encode = (revocation: Revocation) => JSON.stringify(revocation);

const decode = (text: string): Revocation | null => {
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    if (typeof value.tokenHash === 'string' && /^[0-9a-f]{64}$/.test(value.tokenHash)) return { tokenHash: value.tokenHash };
    if (typeof value.borrowerId === 'number' && Number.isSafeInteger(value.borrowerId)) return { borrowerId: value.borrowerId };
  } catch {
    // not ours
  }
  return null;
};

/** The handlers an instance applies: a revocation, and "drop everything" after a lost connection. */
export interface RevocationHandlers {
  revoked(revocation: Revocation): void;
  missedSome(): void;
}

interface Transport {
  readonly name: 'redis' | 'postgres' | 'process';
  publish(message: string): Promise<void>;
  /** starts delivering; `onMessage` for each message, `onGap` when messages may have been missed */
  listen(onMessage: (message: string) => void, onGap: () => void): Promise<void>;
  close(): Promise<void>;
}

/** One emitter per database object: the apps of one process that share a PGlite database hear each other. */
const processChannels = new WeakMap<Database, EventEmitter>();

const processTransport = (database: Database): Transport => {
  let channel = processChannels.get(database);
  if (!channel) {
    channel = new EventEmitter();
    channel.setMaxListeners(0);
    processChannels.set(database, channel);
  }
  const emitter = channel;
  let listener: ((message: string) => void) | null = null;
  return {
    name: 'process',
    publish: async (message) => void emitter.emit('message', message),
    listen: async (onMessage) => {
      listener = onMessage;
      emitter.on('message', onMessage);
    },
    close: async () => {
      if (listener) emitter.off('message', listener);
    },
  };
};

/** The channel name of a PostgreSQL schema: NOTIFY is database-wide, and tests run one schema per file. */
export const postgresChannel = (searchPath: string | undefined) => (searchPath ? `${CHANNEL}_${searchPath}` : CHANNEL).slice(0, 63);

const RECONNECT_MS = 1_000;
const SUBSCRIBE_WAIT_MS = 3_000;

const postgresTransport = (database: Database, listenUrl: string, searchPath: string | undefined, log: RevocationLog): Transport => {
  // NOTIFY's payload is at most 8000 bytes; ours are under 100
  const channel = postgresChannel(searchPath);
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const connect = async (onMessage: (message: string) => void, onGap: () => void, first: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: listenUrl, application_name: 'kilat-revocations' });
    const retry = (error: Error) => {
      if (closed) return;
      log.warn({ reason: error.message }, 'session revocation listener lost its connection; reconnecting');
      next.removeAllListeners();
      next.end().catch(() => undefined);
      if (client === next) client = null;
      clearTimeout(timer);
      timer = setTimeout(() => {
        connect(onMessage, onGap, false).catch(() => undefined);
      }, RECONNECT_MS);
      timer.unref();
    };
    next.on('error', retry);
    next.on('end', () => retry(new Error('connection ended')));
    next.on('notification', (notification) => {
      if (notification.channel === channel && notification.payload) onMessage(notification.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN "${channel}"`);
    } catch (error) {
      if (first) throw error;
      retry(error as Error);
      return;
    }
    client = next;
    // messages sent while this listener was away are lost: whatever it cached may be revoked
    if (!first) onGap();
  };
  return {
    name: 'postgres',
    publish: async (message) => {
      await database.db.execute(sql`SELECT pg_notify(${channel}, ${message})`);
    },
    listen: (onMessage, onGap) => connect(onMessage, onGap, true),
    close: async () => {
      closed = true;
      clearTimeout(timer);
      const open = client;
      client = null;
      if (open) {
        open.removeAllListeners();
        open.on('error', () => undefined);
        await open.end().catch(() => undefined);
      }
    },
  };
};

const redisTransport = async (redisUrl: string, log: RevocationLog): Promise<Transport> => {
  // loaded only by an instance given a Redis (decision 121)
  const { Redis } = await import('ioredis');
  const options = { connectTimeout: 2_000, maxRetriesPerRequest: 1, lazyConnect: true };
  const publisher = new Redis(redisUrl, options);
  let subscriber: InstanceType<typeof Redis> | null = null;
  publisher.on('error', (error: Error) => log.warn({ reason: error.message }, 'session revocation publisher: redis error'));
  return {
    name: 'redis',
    publish: async (message) => {
      await publisher.publish(CHANNEL, message);
    },
    listen: async (onMessage, onGap) => {
      // no retry limit: a subscription waits for Redis, and ioredis subscribes again after a reconnect
      const listener = new Redis(redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: null });
      subscriber = listener;
      listener.on('error', (error: Error) => log.warn({ reason: error.message }, 'session revocation listener: redis error'));
      // what was published while the listener was away is lost: every (re)connection is a possible gap
      listener.on('ready', onGap);
      listener.on('message', (channel: string, message: string) => {
        if (channel === CHANNEL) onMessage(message);
      });
      const subscribed = listener.subscribe(CHANNEL).then(
        () => true,
        () => false,
      );
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), SUBSCRIBE_WAIT_MS);
      });
      // Redis away at boot does not stop the instance (the rate limits skip it too): the subscription
      // completes when Redis is back; until then revocations reach this instance when its cache lapses
      if (!(await Promise.race([subscribed, waited])))
        log.warn({}, 'session revocation listener: redis unavailable, subscribing when it is back');
      clearTimeout(timer);
    },
    close: async () => {
      for (const client of [subscriber, publisher]) {
        if (!client) continue;
        // QUIT waits for a connection: one that never came (Redis away) is just dropped
        if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
        else client.disconnect();
      }
    },
  };
};

export interface RevocationBusOptions {
  database: Database;
  redisUrl?: string | undefined;
  log: RevocationLog;
}

/**
 * The channel of one instance. `publish` after the rows are deleted; `listen` once at start with
 * the cache's handlers. It emits `applied` after each revocation it applied (tests wait on it).
 */
export class RevocationBus extends EventEmitter {
  private constructor(
    private readonly transport: Transport,
    private readonly log: RevocationLog,
  ) {
    super();
  }

  static async open(options: RevocationBusOptions): Promise<RevocationBus> {
    const { database, log } = options;
    if (options.redisUrl) return new RevocationBus(await redisTransport(options.redisUrl, log), log);
    if (database.connection) {
      return new RevocationBus(postgresTransport(database, database.connection.url, database.connection.searchPath, log), log);
    }
    return new RevocationBus(processTransport(database), log);
  }

  get channel(): Transport['name'] {
    return this.transport.name;
  }

  async publish(revocation: Revocation): Promise<void> {
    try {
      await this.transport.publish(encode(revocation));
    } catch (error) {
      // the rows are gone already: other instances refuse the session once their short cache lapses
      this.log.warn({ reason: (error as Error).message, channel: this.transport.name }, 'session revocation not published');
    }
  }

  async listen(handlers: RevocationHandlers): Promise<void> {
    await this.transport.listen(
      (message) => {
        const revocation = decode(message);
        if (!revocation) return;
        handlers.revoked(revocation);
        this.emit('applied', revocation);
      },
      () => {
        handlers.missedSome();
        this.emit('gap');
      },
    );
  }

  close(): Promise<void> {
    return this.transport.close();
  }
}
