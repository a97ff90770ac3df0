/**
 * The audit log's action filter (issue 47 item 10), through the real app and database: the page
 * answers every action the log holds — whatever room wrote it — once each, in name order.
 */
import { Market } from '@kilat/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSession, SETUP_TIMEOUT_MS, useTestApp } from '../../../test/app.js';
import { type ConsoleSession, consoleCall, signIn } from '../../../test/console.js';
import { seedConsoleDemo } from './seed.js';

const t = useTestApp();
let admin: ConsoleSession;
let risk: ConsoleSession;

beforeAll(async () => {
  await seedConsoleDemo(t.database.db, t.clock);
  admin = await signIn(t.app, t.clock, 'admin');
  risk = await signIn(t.app, t.clock, 'risk');
}, SETUP_TIMEOUT_MS);

describe('the audit log names every action it holds', () => {
  it('lists the actions written by any room, once each and sorted, beside the page', async () => {
    const borrower = await demoSession(t.app, Market.India);
    // a risk operator opens a borrower's identity documents: an action the filter's fixed list never named
    expect((await consoleCall(t.app, 'GET', `/borrowers/${borrower.userId}/identity`, { session: risk })).statusCode).toBe(200);
    const response = await consoleCall(t.app, 'GET', '/audit', { session: admin });
    expect(response.statusCode, response.body).toBe(200);
    const { actions, entries } = response.json().data as { actions: string[]; entries: { action: string }[] };
    expect(actions).toEqual(expect.arrayContaining(['identity.read', 'sign-in']));
    expect(actions).toEqual([...new Set(actions)].sort());
    for (const entry of entries) expect(actions).toContain(entry.action);
    // and filters by it
    const filtered = await consoleCall(t.app, 'GET', '/audit?action=identity.read', { session: admin });
    expect(filtered.json().data.entries.map((entry: { action: string }) => entry.action)).toEqual(['identity.read']);
  });
});
