/**
 * Issue 47 item 10, through the real app and database: the audit row keeps the role its operator
 * held then, operator changes store what they changed from and to, an enrolment refuses a password
 * guessed at once by rule and shows its authenticator secret as a QR code beside the text.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema.js';
import { SETUP_TIMEOUT_MS, useTestApp } from '../../../test/app.js';
import { addOperator, type ConsoleSession, consoleCall, signIn, totpCode } from '../../../test/console.js';
import { seedConsoleDemo } from './seed.js';

const t = useTestApp();
let admin: ConsoleSession;

beforeAll(async () => {
  await seedConsoleDemo(t.database.db, t.clock);
  admin = await signIn(t.app, t.clock, 'admin');
}, SETUP_TIMEOUT_MS);

const tokenOf = (path: string) => path.split('#')[1]!;
const rowsOf = (action: string, targetId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))));

describe('the audit log and operator changes (issue 47 item 10)', () => {
  it("shows each entry's actor with the role held when they acted, not the role they hold today", async () => {
    const operator = await addOperator(t.database.db, t.clock, { email: 'was.agent@kilat.test', name: 'Was Agent', role: 'agent' });
    const session = await signIn(t.app, t.clock, operator);
    // signed in as an agent, then made a supervisor, who signs in again
    expect(
      (await consoleCall(t.app, 'POST', `/operators/${operator.id}/role`, { session: admin, body: { role: 'supervisor' } })).statusCode,
    ).toBe(200);
    t.clock.advance(60_000);
    await signIn(t.app, t.clock, operator);
    expect(session.operatorId).toBe(operator.id);
    const page = await consoleCall(t.app, 'GET', `/audit?operatorId=${operator.id}&action=sign-in`, { session: admin });
    expect(page.statusCode, page.body).toBe(200);
    const roles = (page.json().data.entries as { operator: { role: string } }[]).map((entry) => entry.operator.role);
    // newest first: the supervisor's sign-in, then the agent's
    expect(roles).toEqual(['supervisor', 'agent']);
    const stored = await rowsOf('sign-in', operator.id);
    expect(stored.map((row) => row.operatorRole).sort()).toEqual(['agent', 'supervisor']);
  });

  it('stores what a reset, a disable, an enable and an unlock changed from and to', async () => {
    const operator = await addOperator(t.database.db, t.clock, { email: 'changed@kilat.test', name: 'Changed', role: 'agent' });
    for (const path of ['disable', 'enable', 'unlock', 'reset']) {
      const response = await consoleCall(t.app, 'POST', `/operators/${operator.id}/${path}`, { session: admin });
      expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
    }
    const [disabled] = await rowsOf('operator.disable', operator.id);
    expect(disabled).toMatchObject({
      before: { role: 'agent', disabled: false, enrolled: true, lockedUntil: null },
      after: { role: 'agent', disabled: true, sessionsEnded: true },
      operatorRole: 'admin',
    });
    const [enabled] = await rowsOf('operator.enable', operator.id);
    expect(enabled).toMatchObject({ before: { disabled: true }, after: { disabled: false } });
    const [unlocked] = await rowsOf('operator.unlock', operator.id);
    expect(unlocked).toMatchObject({ before: { lockedUntil: null }, after: { lockedUntil: null } });
    const [reset] = await rowsOf('operator.reset', operator.id);
    expect(reset).toMatchObject({ before: { enrolled: true }, after: { enrolled: false, sessionsEnded: true } });
    const [role] = await rowsOf('operator.role', operator.id);
    expect(role).toBeUndefined();
  });

  it('refuses a password of one repeated character or a common one by rule, naming why, and enrols a good one', async () => {
    const created = await consoleCall(t.app, 'POST', '/operators', {
      session: admin,
      body: { email: 'new.risk@kilat.test', name: 'New Risk', role: 'risk' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const token = tokenOf(created.json().data.enrolmentPath);
    const opened = (await consoleCall(t.app, 'POST', '/enrolment/open', { body: { token } })).json().data;
    // the secret as text and as a QR code of its otpauth URI
    expect(opened.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect(opened.otpauthQr).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(opened.otpauthQr.split(',')[1], 'base64').toString();
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    const enrol = async (password: string) =>
      consoleCall(t.app, 'POST', '/enrolment', { body: { token, password, code: await totpCode(opened.totpSecret, t.clock) } });
    const cases: [string, RegExp][] = [
      ['aaaaaaaaaaaa', /same few characters/],
      ['abababababab', /same few characters/],
      ['Password1234!', /too common/],
      ['123456789012', /run of the keyboard or the alphabet/],
      ['qwertyuiopas', /run of the keyboard or the alphabet/],
      ['newrisk-newrisk', /hard to guess|email/],
    ];
    for (const [password, why] of cases) {
      const refused = await enrol(password);
      expect(refused.statusCode, password).toBe(400);
      expect(refused.json().message, password).toMatch(why);
    }
    // nothing was spent: the link still enrols a good password
    expect((await enrol('lantern-fig-orbit-42')).statusCode).toBe(200);
  });

  it("answers a refused field in words, not 'Invalid request: q'", async () => {
    const short = await consoleCall(t.app, 'GET', '/borrowers?q=a', { session: await signIn(t.app, t.clock, 'supervisor') });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Invalid request: q — the search text is too short: at least 2 characters.');
    const role = await consoleCall(t.app, 'POST', `/operators/${admin.operatorId}/role`, { session: admin, body: { role: 'owner' } });
    expect(role.statusCode).toBe(400);
    expect(role.json().message).toMatch(/^Invalid request: role — the role must be one of agent, supervisor, risk, admin\.$/);
    const missing = await consoleCall(t.app, 'POST', '/operators', { session: admin, body: { name: 'No Email', role: 'agent' } });
    expect(missing.json().message).toBe('Invalid request: email — the email address is missing.');
  });
});
