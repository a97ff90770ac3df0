/**
 * A market's collection stages as the console's stage screen saves them (issue 46 §1): ranges checked
 * before anything changes, the daily cap with them, and each change audited with before and after.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.js';
import { SETUP_TIMEOUT_MS, useTestApp } from '../../test/app.js';
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
