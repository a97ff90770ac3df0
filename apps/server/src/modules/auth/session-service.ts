/** Issues and checks sessions; checked sessions are kept in memory briefly so hot calls skip the database. */
import type { Market } from '@kilat/contract';
import type { FastifyRequest } from 'fastify';
import { newSessionToken, sha256 } from '../../crypto.js';
import { AppError } from '../../http/app-error.js';
import { bearerToken, type SessionBorrower } from '../../http/session.js';
import type { Clock } from '../../lending/clock.js';
import type { AuthRepository, SessionRow } from './repository.js';

export type { SessionBorrower };

export interface IssuedSession {
  token: string;
  expiresAt: Date;
}

interface CachedSession {
  row: SessionRow;
  cachedUntil: number;
}

export interface SessionCacheOptions {
  ttlMs: number;
  maxEntries: number;
}

export class SessionService {
  private readonly cache = new Map<string, CachedSession>();

  constructor(
    private readonly repository: AuthRepository,
    private readonly clock: Clock,
    private readonly ttlHours: number,
    private readonly cacheOptions: SessionCacheOptions = { ttlMs: 30_000, maxEntries: 10_000 },
  ) {}

  async issue(borrowerId: number, deviceId: string): Promise<IssuedSession> {
    const token = newSessionToken();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.ttlHours * 3_600_000);
    await this.repository.insertSession({ tokenHash: sha256(token), borrowerId, deviceId, expiresAt, createdAt: now });
    return { token, expiresAt };
  }

  /** Logout: the session ends here at once, and on other instances when their short cache lapses. */
  async revoke(token: string): Promise<void> {
    const hash = sha256(token);
    this.cache.delete(hash);
    await this.repository.deleteSession(hash);
  }

  /** Ends every session of a phone (a lost or stolen phone); answers how many ended. */
  async revokeAllOf(market: Market, phone: string): Promise<number> {
    const borrower = await this.repository.findBorrowerByPhone(market, phone);
    if (!borrower) return 0;
    for (const [hash, entry] of this.cache) if (entry.row.borrower.id === borrower.id) this.cache.delete(hash);
    return this.repository.deleteSessionsOf(borrower.id);
  }

  /** The borrower of a live session bound to this device, or null. */
  async resolve(token: string, deviceId: string): Promise<SessionBorrower | null> {
    const hash = sha256(token);
    const now = this.clock.now().getTime();
    let row = this.cached(hash, now);
    if (!row) {
      row = await this.repository.findSession(hash);
      if (!row) return null;
      this.remember(hash, row, now);
    }
    if (row.expiresAt.getTime() <= now || row.deviceId !== deviceId) return null;
    return { ...row.borrower, deviceId: row.deviceId };
  }

  /** The onRequest hook of session calls: a bearer token and the device it was issued to. */
  authenticate = async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request.headers.authorization);
    const deviceId = (request.query as Record<string, unknown> | undefined)?.deviceId;
    if (!token || typeof deviceId !== 'string' || deviceId === '') throw AppError.unauthenticated();
    const borrower = await this.resolve(token, deviceId);
    if (!borrower) throw AppError.unauthenticated();
    request.borrower = borrower;
  };

  private cached(hash: string, now: number): SessionRow | null {
    const entry = this.cache.get(hash);
    if (!entry) return null;
    if (entry.cachedUntil <= now) {
      this.cache.delete(hash);
      return null;
    }
    return entry.row;
  }

  private remember(hash: string, row: SessionRow, now: number) {
    // a Map iterates in insertion order, so the first key is the oldest entry
    if (this.cache.size >= this.cacheOptions.maxEntries) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(hash, { row, cachedUntil: now + this.cacheOptions.ttlMs });
  }
}
