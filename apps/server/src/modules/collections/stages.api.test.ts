/**
 * A supervisor's collections settings as the console saves them (issue 46): a market's stages —
 * ranges checked before anything changes, the daily cap with them, each change audited with before
 * and after — and the teams, whose outside agencies the official site lists (decision 218).
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.js';
import { call, SETUP_TIMEOUT_MS, useTestApp } from '../../test/app.js';
import { type ConsoleSession, consoleCall, signIn } from '../../test/console.js';
import { seedConsoleDemo } from '../console/operators/seed.js';

const t = useTestApp();
let supervisor: ConsoleSession;

beforeAll(async () => {
  await seedConsoleDemo(t.database.db, t.clock);
  supervisor = await signIn(t.app, t.clock, 'supervisor');
}, SETUP_TIMEOUT_MS);

const stagesOf = async (market: 'IN' | 'ID') =>
  (await consoleCall(t.app, 'GET', `/collections/stages?market=${market}`, { session: supervisor })).json().data;
const save = (body: unknown, session = supervisor) => consoleCall(t.app, 'PUT', '/collections/stages', { session, body });

describe('the stage configuration', () => {
  it('saves a market’s ranges, retention and daily cap, audited with before and after, leaving the other market alone', async () => {
    const before = await stagesOf('ID');
    const india = await stagesOf('IN');
    const stages = structuredClone(before).stages.map((stage: { code: string; retentionDays: number }) =>
      stage.code === 'S1' ? { ...stage, retentionDays: 5 } : stage,
    );
    stages.push({ code: 'S5', name: 'Legal (181+)', fromDay: 181, toDay: null, retentionDays: 60, rule: 'round_robin_weight' });
    stages.find((stage: { code: string }) => stage.code === 'S4').toDay = 180;
    const saved = await save({ market: 'ID', dailyContactCap: 2, stages });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ market: 'ID', dailyContactCap: 2 });
    expect(
      saved
        .json()
        .data.stages.map((stage: { code: string; fromDay: number; toDay: number | null; retentionDays: number }) => [
          stage.code,
          stage.fromDay,
          stage.toDay,
          stage.retentionDays,
        ]),
    ).toEqual([
      ['S1', 1, 7, 5],
      ['S2', 8, 30, 10],
      ['S3', 31, 90, 30],
      ['S4', 91, 180, 30],
      ['S5', 181, null, 60],
    ]);
    expect(await stagesOf('IN')).toEqual(india);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'collections.stages-save'), eq(auditLog.targetId, 'ID')));
    expect(audit).toMatchObject({ operatorId: supervisor.operatorId, before, after: expect.objectContaining({ dailyContactCap: 2 }) });
  });

  it('refuses overlapping ranges and an agent, changing nothing', async () => {
    const before = await stagesOf('IN');
    const overlapping = before.stages.map((stage: { code: string }) => (stage.code === 'S2' ? { ...stage, fromDay: 5 } : stage));
    const refused = await save({ market: 'IN', dailyContactCap: 3, stages: overlapping });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/stages/);
    const agent = await signIn(t.app, t.clock, 'agent');
    expect((await save({ market: 'IN', dailyContactCap: 5, stages: before.stages }, agent)).statusCode).toBe(403);
    expect(await stagesOf('IN')).toEqual(before);
  });
});

describe('the recovery agencies on the official site', () => {
  it('lists the market’s active outside agencies from the teams, never an in-house team nor another market’s', async () => {
    const listed = async (market: 'IN' | 'ID') => {
      const response = await call(t.app, 'recoveryAgencies', { query: { market } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.list;
    };
    expect(await listed('IN')).toEqual([]);
    for (const body of [
      { market: 'IN', name: 'Pune desk', kind: 'in_house' },
      { market: 'IN', name: 'Acme Recoveries Pvt Ltd', kind: 'agency', contact: '+91 20 4000 1234, Baner Road, Pune' },
      { market: 'ID', name: 'PT Tagih Baik', kind: 'agency', contact: '+62 21 555 0100, Jakarta' },
    ]) {
      const added = await consoleCall(t.app, 'POST', '/collections/teams', { session: supervisor, body });
      expect(added.statusCode, added.body).toBe(200);
    }
    expect(await listed('IN')).toEqual([{ name: 'Acme Recoveries Pvt Ltd', contact: '+91 20 4000 1234, Baner Road, Pune' }]);
    expect(await listed('ID')).toEqual([{ name: 'PT Tagih Baik', contact: '+62 21 555 0100, Jakarta' }]);
  });
});
