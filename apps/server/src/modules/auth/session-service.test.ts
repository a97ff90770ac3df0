import { Market } from '@kilat/contract';
import { describe, expect, it } from 'vitest';
import { movableClock } from '../../lending/clock.js';
import type { AuthRepository, SessionRow } from './repository.js';
import { SessionService } from './session-service.js';

/** An in-memory stand-in for the sessions table that counts its reads; the API tests use the real one. */
const makeSessionStore = () => {
  const rows = new Map<string, SessionRow>();
  let reads = 0;
  const repository = {
    insertSession: async (session: { tokenHash: string; deviceId: string; expiresAt: Date; borrowerId: number }) => {
      rows.set(session.tokenHash, {
        deviceId: session.deviceId,
        expiresAt: session.expiresAt,
        borrower: { id: session.borrowerId, market: Market.India, phone: '9876543210', name: 'Aarav', isRepeatClient: false },
      });
    },
    findSession: async (hash: string) => {
      reads += 1;
      return rows.get(hash) ?? null;
    },
  } as unknown as AuthRepository;
  return { repository, reads: () => reads };
};

const setup = (cache = { ttlMs: 30_000, maxEntries: 2 }) => {
  const clock = movableClock(new Date('2026-11-21T03:00:00Z'));
  const store = makeSessionStore();
  const sessions = new SessionService(store.repository, clock, 720, null, cache);
  return { clock, store, sessions };
};

describe('SessionService', () => {
  it('answers a hot session from memory for 30 seconds, then reads it again', async () => {
    const { clock, store, sessions } = setup();
    const { token } = await sessions.issue(7, 'device-a');
    expect((await sessions.resolve(token, 'device-a'))?.id).toBe(7);
    expect((await sessions.resolve(token, 'device-a'))?.id).toBe(7);
    expect(store.reads()).toBe(1);
    clock.advance(30_001);
    await sessions.resolve(token, 'device-a');
    expect(store.reads()).toBe(2);
  });

  it('refuses a cached session from another device', async () => {
    const { sessions } = setup();
    const { token } = await sessions.issue(7, 'device-a');
    await sessions.resolve(token, 'device-a');
    expect(await sessions.resolve(token, 'device-b')).toBeNull();
  });

  it('refuses a session once it has expired, cached or not', async () => {
    const { clock, sessions } = setup({ ttlMs: 10 * 3_600_000 * 1000, maxEntries: 10 });
    const { token, expiresAt } = await sessions.issue(7, 'device-a');
    await sessions.resolve(token, 'device-a');
    clock.set(expiresAt);
    expect(await sessions.resolve(token, 'device-a')).toBeNull();
  });

  it('keeps at most the configured number of sessions in memory, dropping the oldest', async () => {
    const { store, sessions } = setup({ ttlMs: 30_000, maxEntries: 2 });
    const tokens = await Promise.all([1, 2, 3].map((id) => sessions.issue(id, 'device')));
    for (const { token } of tokens) await sessions.resolve(token, 'device');
    expect(store.reads()).toBe(3);
    await sessions.resolve(tokens[0]!.token, 'device');
    expect(store.reads()).toBe(4);
    await sessions.resolve(tokens[2]!.token, 'device');
    expect(store.reads()).toBe(4);
  });

  it('does not cache a row read while a revocation was heard: it may be the revoked session (decision 129)', async () => {
    const { store, sessions } = setup();
    const { token } = await sessions.issue(7, 'device-a');
    // the revocation arrives between the read starting and its row coming back
    const resolving = sessions.resolve(token, 'device-a');
    sessions.forget({ borrowerId: 7 });
    expect((await resolving)?.id).toBe(7);
    await sessions.resolve(token, 'device-a');
    expect(store.reads()).toBe(2);
  });

  it('drops the cached sessions of a revoked borrower, and everything after a gap in the messages', async () => {
    const { store, sessions } = setup({ ttlMs: 30_000, maxEntries: 10 });
    const seven = await sessions.issue(7, 'device');
    const eight = await sessions.issue(8, 'device');
    await sessions.resolve(seven.token, 'device');
    await sessions.resolve(eight.token, 'device');
    sessions.forget({ borrowerId: 7 });
    await sessions.resolve(seven.token, 'device');
    await sessions.resolve(eight.token, 'device');
    expect(store.reads()).toBe(3);
    sessions.forgetAll();
    await sessions.resolve(eight.token, 'device');
    expect(store.reads()).toBe(4);
  });

  it('stores only the SHA-256 of a token, never the token', async () => {
    const inserted: string[] = [];
    const clock = movableClock();
    const repository = { insertSession: async (row: { tokenHash: string }) => inserted.push(row.tokenHash) } as unknown as AuthRepository;
    const { token } = await new SessionService(repository, clock, 1).issue(1, 'd');
    expect(inserted[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(inserted[0]).not.toContain(token);
  });
});
