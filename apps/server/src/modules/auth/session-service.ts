/**
 * Issues and checks sessions; checked sessions are kept in memory briefly so hot calls skip the
 * database. A revocation deletes the rows, then tells every instance (the revocation bus,
 * decision 129), each of which drops the session from its cache as the message arrives.
 */
import type { Market } from '@kilat/contract';
import type { FastifyRequest } from 'fastify';
import { newSessionToken, sha256 } from '../../crypto.js';
import { AppError } from '../../http/app-error.js';
import { bearerToken, type SessionBorrower } from '../../http/session.js';
import type { Clock } from '../../lending/clock.js';
import type { AuthRepository, SessionRow } from './repository.js';
import type { Revocation, RevocationBus } from './revocations.js';

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
  /** moves on every revocation heard: a session read before it is not cached after it (it may be the revoked one) */
  private generation = 0;

  constructor(
    private readonly repository: AuthRepository,
    private readonly clock: Clock,
    private readonly ttlHours: number,
    /** null: this process's cache only (a command that caches nothing) */
    private readonly bus: RevocationBus | null = null,
    private readonly cacheOptions: SessionCacheOptions = { ttlMs: 30_000, maxEntries: 10_000 },
  ) {}

  /** Applies a revocation published by any instance, this one included. */
  forget(revocation: Revocation): void {
    this.generation += 1;
    if ('tokenHash' in revocation) {
      this.cache.delete(revocation.tokenHash);
      return;
    }
    for (const [hash, entry] of this.cache) if (entry.row.borrower.id === revocation.borrowerId) this.cache.delete(hash);
  }

  /** After a listener lost its connection: anything cached may have been revoked meanwhile. */
  forgetAll(): void {
    this.generation += 1;
    this.cache.clear();
  }

  async issue(borrowerId: number, deviceId: string): Promise<IssuedSession> {
    const token = newSessionToken();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.ttlHours * 3_600_000);
    await this.repository.insertSession({ tokenHash: sha256(token), borrowerId, deviceId, expiresAt, createdAt: now });
    return { token, expiresAt };
  }

  /** Logout: the session ends here and, through the bus, on every other instance at once. */
  async revoke(token: string): Promise<void> {
    const revocation = { tokenHash: sha256(token) };
    this.forget(revocation);
    await this.repository.deleteSession(revocation.tokenHash);
    await this.bus?.publish(revocation);
  }

  /** Ends every session of a phone (a lost or stolen phone, a deleted account) on every instance; answers how many ended. */
  async revokeAllOf(market: Market, phone: string): Promise<number> {
    const borrower = await this.repository.findBorrowerByPhone(market, phone);
    if (!borrower) return 0;
    const revocation = { borrowerId: borrower.id };
    this.forget(revocation);
    const ended = await this.repository.deleteSessionsOf(borrower.id);
    await this.bus?.publish(revocation);
    return ended;
  }

  /**
   * A revocation committed elsewhere (an operator's, with its audit row in the same transaction):
   * forgotten here and told to every instance, as a logout is.
   */
  async announce(revocation: Revocation): Promise<void> {
    this.forget(revocation);
    await this.bus?.publish(revocation);
  }

  /** The borrower of a live session bound to this device, or null. */
  async resolve(token: string, deviceId: string): Promise<SessionBorrower | null> {
    const hash = sha256(token);
    const now = this.clock.now().getTime();
    let row = this.cached(hash, now);
    if (!row) {
      const generation = this.generation;
      row = await this.repository.findSession(hash);
      if (!row) return null;
      // a revocation heard while the row was read may be this session's: use the row once, keep nothing
      if (generation === this.generation) this.remember(hash, row, now);
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
