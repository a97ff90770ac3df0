import { Market } from '@kilat/contract';
import { ConsoleCode } from '@kilat/contract/console';
import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../crypto.js';
import {
  auditLog,
  bankCards,
  borrowers,
  complaintDesk,
  complaintReplies,
  ledgerEntries,
  operators,
  orders,
  qaNodes,
  qaNodeTexts,
  replyTemplates,
} from '../../db/schema.js';
import { call, type DemoSession, demoSession, SETUP_TIMEOUT_MS, useTempDir, useTestApp } from '../../test/app.js';
import { addOperator, type ConsoleSession, consoleCall, demoOperator, signIn, signInRequest, totpCode } from '../../test/console.js';
import { giveDisbursalAccount } from '../../test/disbursal.js';
import { makeExecutable, makeJpeg, upload } from '../../test/images.js';
import { TOTP_PERIOD_SECONDS } from './operators/credentials.js';
import { seedConsoleDemo } from './operators/seed.js';

const uploadDir = useTempDir('kilat-console-');
const t = useTestApp(() => ({ config: { uploadDir: uploadDir.path } }));
let borrower: DemoSession;
type Role = 'agent' | 'supervisor' | 'risk' | 'admin';
const sessions = {} as Record<Role, ConsoleSession>;
/** Signs every demo operator in again (after the clock moved past their idle time). */
const signInAll = async () => {
  for (const role of ['agent', 'supervisor', 'risk', 'admin'] as const) sessions[role] = await signIn(t.app, t.clock, role);
};
let complaintId: number;
let collectionId: number;
/** an operator the admin calls act on */
let target: { id: number };
/** a seeded question of the chatbot tree, and its category */
let questionId: number;
let categoryId: number;

const IN = { market: 'IN' };

/** A complaint from the India demo borrower, through the borrower's own calls. */
const borrowerComplaint = async (problemType: number, detail: string) => {
  const { orderList } = (await call(t.app, 'problemInit', { session: borrower, query: IN, body: {} })).json().data;
  const order = (orderList as { orderNo: string; isShow: number }[]).find((entry) => entry.isShow === (problemType === 1 ? 1 : 0))!;
  const image = (await upload(t.app, borrower, { data: await makeJpeg() })).json().data.url as string;
  const response = await call(t.app, 'problemSave', {
    session: borrower,
    query: IN,
    body: {
      problemType: String(problemType),
      problemDetail: detail,
      orderNo: order.orderNo,
      problemImage: image,
      ...(problemType === 1 ? { problemSonType: '1' } : {}),
    },
  });
  return response.json().data.problemId as number;
};

const counts = async () => {
  const db = t.database.db;
  const [[a], [r], [d], [tp], [o], [q], [qt]] = await Promise.all([
    db.select({ n: count() }).from(auditLog),
    db.select({ n: count() }).from(complaintReplies),
    db.select({ n: count() }).from(complaintDesk),
    db.select({ n: count() }).from(replyTemplates),
    db.select({ n: count() }).from(operators),
    db.select({ n: count() }).from(qaNodes),
    db.select({ n: count() }).from(qaNodeTexts),
  ]);
  return { audit: a!.n, replies: r!.n, desk: d!.n, templates: tp!.n, operators: o!.n, qaNodes: q!.n, qaTexts: qt!.n };
};

const auditOf = (action: string) => t.database.db.select().from(auditLog).where(eq(auditLog.action, action));

beforeAll(async () => {
  await seedConsoleDemo(t.database.db, t.clock);
  borrower = await demoSession(t.app, Market.India);
  complaintId = await borrowerComplaint(2, 'I paid but the loan still shows due');
  collectionId = await borrowerComplaint(1, 'The collector shouted at me');
  await signInAll();
  target = await addOperator(t.database.db, t.clock, { email: 'target@kilat.test', name: 'Target Operator', role: 'agent' });
  const [question] = await t.database.db.select().from(qaNodes).where(eq(qaNodes.actionType, 2)).limit(1);
  questionId = question!.id;
  categoryId = question!.parentId!;
}, SETUP_TIMEOUT_MS);

describe('sign-in: password, TOTP, lockout, cookie session', () => {
  it('sets an HttpOnly, SameSite=Strict session cookie on /console, Secure when the host is not local, and audits the sign-in', async () => {
    const operator = demoOperator('supervisor');
    t.clock.advance(TOTP_PERIOD_SECONDS * 1000);
    const before = (await auditOf('sign-in')).length;
    const response = await signInRequest(
      t.app,
      { email: operator.email, password: operator.password, code: await totpCode(operator.totpSecret, t.clock) },
      'console.kilat.example',
    );
    expect(response.statusCode).toBe(200);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^kilat_console=[A-Za-z0-9_-]{40,}; Path=\/console; HttpOnly; SameSite=Strict; Secure$/);
    expect(response.json().data).toMatchObject({ operator: { email: operator.email, role: 'supervisor' }, csrfToken: expect.any(String) });
    expect((await auditOf('sign-in')).length).toBe(before + 1);
    expect(String((await signIn(t.app, t.clock, 'agent')).cookie)).toMatch(/^kilat_console=/);
  });

  it('refuses a wrong password and a wrong code with one answer, and refuses a TOTP code used before', async () => {
    const operator = demoOperator('agent');
    t.clock.advance(TOTP_PERIOD_SECONDS * 1000);
    const code = await totpCode(operator.totpSecret, t.clock);
    const wrongPassword = await signInRequest(t.app, { email: operator.email, password: 'not-the-password', code });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().code).toBe(ConsoleCode.SignInRefused);
    const wrongCode = await signInRequest(t.app, {
      email: operator.email,
      password: operator.password,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrongCode.json().code).toBe(ConsoleCode.SignInRefused);
    const unknown = await signInRequest(t.app, { email: 'nobody@kilat.test', password: operator.password, code });
    expect(unknown.json()).toEqual({ code: ConsoleCode.SignInRefused, message: wrongPassword.json().message, data: null });

    expect((await signInRequest(t.app, { email: operator.email, password: operator.password, code })).statusCode).toBe(200);
    const replay = await signInRequest(t.app, { email: operator.email, password: operator.password, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe(ConsoleCode.CodeReplayed);
  });

  it('locks the operator after 5 failures in a row, even against the right password and code, for 15 minutes', async () => {
    const operator = demoOperator('risk');
    for (let attempt = 1; attempt <= 4; attempt++) {
      const response = await signInRequest(t.app, { email: operator.email, password: 'wrong', code: '123456' });
      expect(response.json().code).toBe(ConsoleCode.SignInRefused);
    }
    const fifth = await signInRequest(t.app, { email: operator.email, password: 'wrong', code: '123456' });
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().code).toBe(ConsoleCode.Locked);
    t.clock.advance(TOTP_PERIOD_SECONDS * 1000);
    const right = { email: operator.email, password: operator.password, code: await totpCode(operator.totpSecret, t.clock) };
    expect((await signInRequest(t.app, right)).json().code).toBe(ConsoleCode.Locked);
    expect((await auditOf('operator.locked')).length).toBe(1);
    t.clock.advance(15 * 60_000);
    expect((await signIn(t.app, t.clock, 'risk')).operatorId).toBeGreaterThan(0);
  });

  it('ends a session idle for longer than the idle time, and a signed-out one', async () => {
    const session = await signIn(t.app, t.clock, 'agent');
    expect((await consoleCall(t.app, 'GET', '/session', { session })).statusCode).toBe(200);
    t.clock.advance((t.config.console.idleMinutes + 1) * 60_000);
    expect((await consoleCall(t.app, 'GET', '/session', { session })).statusCode).toBe(401);
    const other = await signIn(t.app, t.clock, 'agent');
    expect((await consoleCall(t.app, 'DELETE', '/session', { session: other })).statusCode).toBe(200);
    expect((await consoleCall(t.app, 'GET', '/session', { session: other })).statusCode).toBe(401);
    // the sessions the other tests hold were idle too: sign them in again
    await signInAll();
  });
});

describe('every console call refuses no session, a wrong role, a missing CSRF token and bad input, storing nothing', () => {
  type Case = {
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    path: () => string;
    allowed: Role;
    /** a role that may not; none for the calls every operator may make */
    wrong?: Role;
    body?: () => unknown;
    multipart?: () => Promise<{ text?: string; images?: Buffer[] }>;
    bad?: { body?: unknown; path?: () => string; multipart?: () => Promise<{ text?: string; templateId?: string; images?: Buffer[] }> };
  };
  const cases: Record<string, Case> = {
    queue: { method: 'GET', path: () => '/complaints', allowed: 'agent', wrong: 'admin', bad: { path: () => '/complaints?status=lost' } },
    complaint: {
      method: 'GET',
      path: () => `/complaints/${complaintId}`,
      allowed: 'agent',
      wrong: 'risk',
      bad: { path: () => '/complaints/abc' },
    },
    'problem types': { method: 'GET', path: () => '/problem-types', allowed: 'agent', wrong: 'admin' },
    assign: {
      method: 'POST',
      path: () => `/complaints/${complaintId}/assign`,
      allowed: 'supervisor',
      wrong: 'admin',
      // to the agent, who replies to it below: only the assignee answers a complaint
      body: () => ({ operatorId: sessions.agent.operatorId }),
      bad: { body: { operatorId: 'someone' } },
    },
    reply: {
      method: 'POST',
      path: () => `/complaints/${complaintId}/reply`,
      allowed: 'agent',
      wrong: 'risk',
      multipart: async () => ({ text: 'We are checking.' }),
      bad: { multipart: async () => ({ text: 'Ten photos', images: await Promise.all(Array.from({ length: 10 }, () => makeJpeg())) }) },
    },
    close: {
      method: 'POST',
      path: () => `/complaints/${complaintId}/close`,
      allowed: 'agent',
      wrong: 'admin',
      bad: { path: () => '/complaints/0/close' },
    },
    reopen: {
      method: 'POST',
      path: () => `/complaints/${complaintId}/reopen`,
      allowed: 'agent',
      wrong: 'admin',
      bad: { path: () => '/complaints/-1/reopen' },
    },
    templates: {
      method: 'GET',
      path: () => '/templates',
      allowed: 'agent',
      wrong: 'admin',
      bad: { path: () => '/templates?problemType=x' },
    },
    'new template': {
      method: 'POST',
      path: () => '/templates',
      allowed: 'supervisor',
      wrong: 'agent',
      body: () => ({ problemType: 2, name: 'Refund', bodyEn: 'Refunded.', bodyId: 'Dikembalikan.' }),
      bad: { body: { problemType: 99, name: 'Unknown type', bodyEn: 'x', bodyId: 'y' } },
    },
    'change template': {
      method: 'PUT',
      path: () => '/templates/1',
      allowed: 'supervisor',
      wrong: 'agent',
      body: () => ({ problemType: 1, name: 'Collection conduct reviewed', bodyEn: 'Reviewed.', bodyId: 'Ditinjau.' }),
      bad: { body: { problemType: 1, name: '', bodyEn: '', bodyId: 'y' } },
    },
    operators: { method: 'GET', path: () => '/operators', allowed: 'admin', wrong: 'agent' },
    'new operator': {
      method: 'POST',
      path: () => '/operators',
      allowed: 'admin',
      wrong: 'supervisor',
      body: () => ({ email: 'new.agent@kilat.test', name: 'New Agent', role: 'agent' }),
      bad: { body: { email: 'not-an-email', name: 'X', role: 'boss' } },
    },
    'change role': {
      method: 'POST',
      path: () => `/operators/${target.id}/role`,
      allowed: 'admin',
      wrong: 'supervisor',
      body: () => ({ role: 'supervisor' }),
      bad: { body: { role: 'boss' } },
    },
    'disable operator': {
      method: 'POST',
      path: () => `/operators/${target.id}/disable`,
      allowed: 'admin',
      wrong: 'supervisor',
      bad: { path: () => '/operators/999999/disable' },
    },
    'enable operator': {
      method: 'POST',
      path: () => `/operators/${target.id}/enable`,
      allowed: 'admin',
      wrong: 'agent',
      bad: { path: () => '/operators/x/enable' },
    },
    'unlock operator': {
      method: 'POST',
      path: () => `/operators/${target.id}/unlock`,
      allowed: 'admin',
      wrong: 'risk',
      bad: { path: () => '/operators/999999/unlock' },
    },
    'reset operator': {
      method: 'POST',
      path: () => `/operators/${target.id}/reset`,
      allowed: 'admin',
      wrong: 'supervisor',
      bad: { path: () => '/operators/0/reset' },
    },
    audit: { method: 'GET', path: () => '/audit', allowed: 'admin', wrong: 'supervisor', bad: { path: () => '/audit?from=yesterday' } },
    'chatbot tree': { method: 'GET', path: () => '/chatbot/nodes', allowed: 'agent', wrong: 'admin' },
    'new chatbot node': {
      method: 'POST',
      path: () => '/chatbot/nodes',
      allowed: 'agent',
      wrong: 'risk',
      body: () => ({
        parentId: categoryId,
        actionType: 2,
        titleEn: 'Can I change my due date?',
        titleId: 'Bisakah saya mengubah tanggal jatuh tempo?',
      }),
      // an answer belongs under a question, never at the top
      bad: { body: { parentId: null, actionType: 3, titleEn: 'An answer', titleId: 'Sebuah jawaban' } },
    },
    'change chatbot node': {
      method: 'PUT',
      path: () => `/chatbot/nodes/${questionId}`,
      allowed: 'agent',
      wrong: 'admin',
      body: () => ({
        titleEn: 'How do I repay my loan?',
        titleId: 'Bagaimana cara membayar pinjaman saya?',
        aliasEn: 'repay pay',
        aliasId: 'bayar',
      }),
      bad: { body: { titleEn: '', titleId: 'x' } },
    },
    'move chatbot node': {
      method: 'POST',
      path: () => `/chatbot/nodes/${questionId}/move`,
      allowed: 'supervisor',
      wrong: 'admin',
      body: () => ({ direction: 'down' }),
      bad: { body: { direction: 'sideways' } },
    },
    'retire chatbot node': {
      method: 'POST',
      path: () => `/chatbot/nodes/${questionId}/retire`,
      allowed: 'agent',
      wrong: 'risk',
      bad: { path: () => '/chatbot/nodes/x/retire' },
    },
    'restore chatbot node': {
      method: 'POST',
      path: () => `/chatbot/nodes/${questionId}/restore`,
      allowed: 'agent',
      wrong: 'risk',
      bad: { path: () => '/chatbot/nodes/999999/restore' },
    },
    'chat records': {
      method: 'GET',
      path: () => `/borrowers/${borrower.userId}/chat-records`,
      allowed: 'agent',
      wrong: 'admin',
      bad: { path: () => '/borrowers/abc/chat-records' },
    },
    session: { method: 'GET', path: () => '/session', allowed: 'risk' },
    'sign out': { method: 'DELETE', path: () => '/session', allowed: 'risk' },
  };

  const send = async (c: Case, session: ConsoleSession | undefined, options: { csrf?: boolean; bad?: boolean } = {}) => {
    const path = options.bad && c.bad?.path ? c.bad.path() : c.path();
    const body = options.bad && c.bad && 'body' in c.bad ? c.bad.body : c.body?.();
    const parts = options.bad && c.bad?.multipart ? await c.bad.multipart() : await c.multipart?.();
    return consoleCall(t.app, c.method, path, {
      session,
      csrf: options.csrf ?? true,
      ...(body !== undefined ? { body } : {}),
      ...(parts ? { multipart: parts } : {}),
    });
  };

  for (const [name, c] of Object.entries(cases)) {
    it(`${name}: 401 without a session`, async () => {
      const before = await counts();
      const response = await send(c, undefined);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('40100');
      expect(await counts()).toEqual(before);
    });
    if (c.wrong) {
      const wrong = c.wrong;
      it(`${name}: 403 for a role that may not`, async () => {
        const before = await counts();
        const response = await send(c, sessions[wrong]);
        expect(response.statusCode).toBe(403);
        expect(response.json().code).toBe(ConsoleCode.RoleRefused);
        expect(await counts()).toEqual(before);
      });
    }
    if (c.method !== 'GET') {
      it(`${name}: 403 without the CSRF token`, async () => {
        const before = await counts();
        const response = await send(c, sessions[c.allowed], { csrf: false });
        expect(response.statusCode).toBe(403);
        expect(response.json().code).toBe(ConsoleCode.CsrfRefused);
        expect(await counts()).toEqual(before);
      });
    }
    if (c.bad) {
      it(`${name}: 4xx with a clear message for bad input`, async () => {
        const before = await counts();
        const response = await send(c, sessions[c.allowed], { bad: true });
        expect([400, 404]).toContain(response.statusCode);
        expect(response.json().message).toMatch(/Invalid request|Not found/);
        expect(await counts()).toEqual(before);
      });
    }
  }

  it('accepts each call from a role that may make it', async () => {
    for (const [name, c] of Object.entries(cases)) {
      if (name === 'sign out' || name === 'reopen') continue;
      const response = await send(c, sessions[c.allowed]);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
    }
    expect((await send(cases.reopen!, sessions.agent)).statusCode).toBe(200);
    expect((await send(cases['sign out']!, sessions.risk)).statusCode).toBe(200);
    sessions.risk = await signIn(t.app, t.clock, 'risk');
  });
});

describe('the complaint desk', () => {
  it('lists an open complaint with its SLA deadline 3 weekdays on, and hides collection complaints from agents', async () => {
    const fresh = await borrowerComplaint(3, 'Still under review after two days');
    const { data } = (await consoleCall(t.app, 'GET', '/complaints?status=open&market=IN', { session: sessions.agent })).json();
    const item = data.items.find((entry: { id: number }) => entry.id === fresh);
    expect(item).toMatchObject({
      status: 'open',
      sla: 'ok',
      typeTitle: 'Loan application',
      market: 'IN',
      collection: false,
      assignee: null,
    });
    expect(new Date(item.slaDueAt).getTime() - new Date(item.createdAt).getTime()).toBeGreaterThanOrEqual(3 * 86_400_000);
    // the order it is about, by id: the queue links the order's page (issue 47 item 10)
    const [about] = await t.database.db.select().from(orders).where(eq(orders.orderNo, item.orderNo));
    expect(item.orderId).toBe(about!.id);
    expect(data.items.some((entry: { collection: boolean }) => entry.collection)).toBe(false);
    const collection = (await consoleCall(t.app, 'GET', `/complaints/${collectionId}`, { session: sessions.agent })).json();
    expect(collection.code).toBe(ConsoleCode.RoleRefused);

    const forSupervisor = (await consoleCall(t.app, 'GET', '/complaints?type=1', { session: sessions.supervisor })).json().data;
    expect(forSupervisor.items.map((entry: { id: number }) => entry.id)).toContain(collectionId);
    expect(forSupervisor.items.every((entry: { collection: boolean }) => entry.collection)).toBe(true);
    const toAgent = await consoleCall(t.app, 'POST', `/complaints/${collectionId}/assign`, {
      session: sessions.supervisor,
      body: { operatorId: sessions.agent.operatorId },
    });
    expect(toAgent.statusCode).toBe(400);
  });

  it("shows beside a complaint its order's ledger as the lending core replays it; a role without the complaint is refused", async () => {
    const id = await borrowerComplaint(3, 'How much do I owe?');
    const ledger = (await consoleCall(t.app, 'GET', `/complaints/${id}/ledger`, { session: sessions.agent })).json();
    expect(ledger.code).toBe('00');
    const detail = (await consoleCall(t.app, 'GET', `/complaints/${id}`, { session: sessions.agent })).json().data;
    expect(ledger.data).toMatchObject({
      orderNo: detail.order.orderNo,
      status: detail.order.status,
      outstanding: expect.stringMatching(/^₹/),
    });
    // every stored row is listed; a repayment says what it paid, component by component
    const [order] = await t.database.db.select().from(orders).where(eq(orders.orderNo, detail.order.orderNo));
    const stored = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order!.id));
    expect(ledger.data.rows).toHaveLength(stored.length);
    for (const row of ledger.data.rows as { kind: string; allocation: string }[]) {
      if (row.kind === 'repayment') expect(row.allocation).toMatch(/^(penalty|fee|interest|principal)/);
    }
    expect((await consoleCall(t.app, 'GET', `/complaints/${id}/ledger`, { session: sessions.admin })).json().code).toBe(
      ConsoleCode.RoleRefused,
    );
    expect((await consoleCall(t.app, 'GET', `/complaints/${id}/ledger`)).statusCode).toBe(401);
  });

  it('shows the overdue state once 3 weekdays pass without a reply', async () => {
    const late = await borrowerComplaint(5, 'Nobody answers');
    t.clock.advance(6 * 86_400_000);
    await signInAll();
    const { data } = (await consoleCall(t.app, 'GET', '/complaints?status=open&minAgeDays=5', { session: sessions.agent })).json();
    expect(data.items.find((entry: { id: number }) => entry.id === late).sla).toBe('overdue');
  });

  it("lets an agent take a complaint, reply with a template's text and an image; the borrower sees the Process Result and rates it; the console shows the rating", async () => {
    const id = await borrowerComplaint(2, 'Paid on Monday, still overdue');
    expect(
      (
        await consoleCall(t.app, 'POST', `/complaints/${id}/assign`, {
          session: sessions.agent,
          body: { operatorId: sessions.agent.operatorId },
        })
      ).statusCode,
    ).toBe(200);
    const mine = (await consoleCall(t.app, 'GET', '/complaints?assignee=me', { session: sessions.agent })).json().data.items;
    expect(mine.map((entry: { id: number }) => entry.id)).toContain(id);

    const [template] = (await consoleCall(t.app, 'GET', '/templates?problemType=2', { session: sessions.agent })).json().data;
    const reply = await consoleCall(t.app, 'POST', `/complaints/${id}/reply`, {
      session: sessions.agent,
      multipart: { text: template.bodyEn, templateId: String(template.id), images: [await makeJpeg({ gps: true })] },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const { imageUrls } = reply.json().data;
    // evidence images are served through links signed for a few minutes (decision 034)
    expect(imageUrls).toEqual([expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.jpg\?exp=\d+&sig=[\w-]+$/)]);

    const detail = (await call(t.app, 'problemDetail', { session: borrower, query: IN, body: { problemId: String(id) } })).json().data;
    // each read signs the links afresh: the images are compared by their path
    const paths = (urls: string[]) => urls.map((url) => url.split('?')[0]);
    expect(detail).toMatchObject({ disposeDetail: template.bodyEn, isScore: 1 });
    expect(paths(detail.disposeImages)).toEqual(paths(imageUrls));
    expect((await call(t.app, 'saveScore', { session: borrower, query: IN, body: { problemId: String(id), score: '4' } })).statusCode).toBe(
      200,
    );

    const seen = (await consoleCall(t.app, 'GET', `/complaints/${id}`, { session: sessions.agent })).json().data;
    // rated is closed, on the desk as on the borrower's list
    expect(seen).toMatchObject({
      status: 'closed',
      score: 4,
      assignee: { id: sessions.agent.operatorId },
      order: { orderNo: expect.any(String) },
    });
    expect(seen.replies).toEqual([expect.objectContaining({ text: template.bodyEn, author: 'Asha Agent (agent)' })]);
    expect(paths(seen.replies[0].images)).toEqual(paths(imageUrls));

    const entries = (await consoleCall(t.app, 'GET', `/audit?targetType=complaint&targetId=${id}`, { session: sessions.admin })).json().data
      .entries;
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual(['complaint.reply', 'complaint.assign']);
    expect(entries[0]).toMatchObject({
      operator: { id: sessions.agent.operatorId },
      // the stored names of the images, which outlive the signed links
      after: { templateId: template.id, images: imageUrls.map((url: string) => url.split('?')[0]!.replace('/uploads/', '')) },
      requestId: expect.any(String),
    });
  });

  it('refuses a reply with an image that is not an image, and stores neither the reply nor its audit row', async () => {
    const before = await counts();
    const response = await consoleCall(t.app, 'POST', `/complaints/${complaintId}/reply`, {
      session: sessions.agent,
      multipart: { text: 'See file', images: [makeExecutable()] },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toMatch(/image/i);
    expect(await counts()).toEqual(before);
  });

  it('closes and reopens a complaint, refusing a reply while it is closed', async () => {
    expect((await consoleCall(t.app, 'POST', `/complaints/${complaintId}/close`, { session: sessions.agent })).statusCode).toBe(200);
    expect((await consoleCall(t.app, 'POST', `/complaints/${complaintId}/close`, { session: sessions.agent })).statusCode).toBe(409);
    const refused = await consoleCall(t.app, 'POST', `/complaints/${complaintId}/reply`, {
      session: sessions.agent,
      multipart: { text: 'Late' },
    });
    expect(refused.statusCode).toBe(409);
    const closed = (await consoleCall(t.app, 'GET', '/complaints?status=closed', { session: sessions.agent })).json().data.items;
    expect(closed.map((entry: { id: number }) => entry.id)).toContain(complaintId);
    expect((await consoleCall(t.app, 'POST', `/complaints/${complaintId}/reopen`, { session: sessions.agent })).statusCode).toBe(200);
  });

  it("shows the borrower's images and the reply's images through signed links that load, and the audit keeps the stored names", async () => {
    const id = await borrowerComplaint(2, 'Here is my bank statement');
    const reply = await consoleCall(t.app, 'POST', `/complaints/${id}/reply`, {
      session: sessions.agent,
      multipart: { text: 'Here is our receipt.', images: [await makeJpeg()] },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const seen = (await consoleCall(t.app, 'GET', `/complaints/${id}`, { session: sessions.agent })).json().data;
    const shown = [...seen.images, ...seen.replies[0].images] as string[];
    expect(shown).toHaveLength(2);
    for (const url of shown) {
      expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg\?exp=\d+&sig=[\w-]+$/);
      // an <img> carries no session: the link alone must load the image
      const image = await t.app.inject({ method: 'GET', url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
    }
    const [entry] = await auditOf('complaint.reply').then((rows) => rows.filter((row) => row.targetId === String(id)));
    expect((entry!.after as { images: string[] }).images).toEqual([seen.replies[0].images[0].split('?')[0].replace('/uploads/', '')]);
  });

  it('shows a complaint closed without a reply as closed to the borrower, and a rated one as closed on the desk that cannot be reopened', async () => {
    const id = await borrowerComplaint(5, 'Never mind, solved it myself');
    expect((await consoleCall(t.app, 'POST', `/complaints/${id}/close`, { session: sessions.agent })).statusCode).toBe(200);
    const detail = (await call(t.app, 'problemDetail', { session: borrower, query: IN, body: { problemId: String(id) } })).json().data;
    expect(detail.status).toBe('Closed');
    const { tabs } = (await call(t.app, 'problemList', { session: borrower, query: IN, body: { page: '1' } })).json().data;
    const tabOf = (tabs as { title: string; list: { id: number }[] }[]).find((tab) => tab.list.some((item) => item.id === id));
    expect(tabOf?.title).toBe('Closed');

    const rated = await borrowerComplaint(2, 'Paid twice');
    await consoleCall(t.app, 'POST', `/complaints/${rated}/reply`, { session: sessions.agent, multipart: { text: 'Refunded.' } });
    await call(t.app, 'saveScore', { session: borrower, query: IN, body: { problemId: String(rated), score: '5' } });
    const desk = (await consoleCall(t.app, 'GET', '/complaints?status=closed', { session: sessions.agent })).json().data.items;
    expect(desk.find((item: { id: number }) => item.id === rated)).toMatchObject({ status: 'closed', score: 5 });
    const replied = (await consoleCall(t.app, 'GET', '/complaints?status=replied', { session: sessions.agent })).json().data.items;
    expect(replied.some((item: { id: number }) => item.id === rated)).toBe(false);
    expect((await consoleCall(t.app, 'POST', `/complaints/${rated}/reopen`, { session: sessions.agent })).statusCode).toBe(409);
  });

  it('lets only the assignee answer: a second agent cannot reply to an assigned complaint, and a reply takes an unassigned one', async () => {
    const second = await addOperator(t.database.db, t.clock, { email: 'second.agent@kilat.test', name: 'Second Agent', role: 'agent' });
    const secondSession = await signIn(t.app, t.clock, second);
    const id = await borrowerComplaint(2, 'Two agents, one complaint');
    expect(
      (
        await consoleCall(t.app, 'POST', `/complaints/${id}/assign`, {
          session: sessions.agent,
          body: { operatorId: sessions.agent.operatorId },
        })
      ).statusCode,
    ).toBe(200);
    const before = await counts();
    const refused = await consoleCall(t.app, 'POST', `/complaints/${id}/reply`, { session: secondSession, multipart: { text: 'Me too' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/assigned to another operator/);
    // nor can they take it or close it from under the assignee
    const take = await consoleCall(t.app, 'POST', `/complaints/${id}/assign`, { session: secondSession, body: { operatorId: second.id } });
    expect(take.statusCode).toBe(403);
    expect((await consoleCall(t.app, 'POST', `/complaints/${id}/close`, { session: secondSession })).statusCode).toBe(409);
    expect(await counts()).toEqual(before);

    const unassigned = await borrowerComplaint(2, 'First come');
    const first = await consoleCall(t.app, 'POST', `/complaints/${unassigned}/reply`, {
      session: secondSession,
      multipart: { text: 'On it.' },
    });
    expect(first.statusCode, first.body).toBe(200);
    const seen = (await consoleCall(t.app, 'GET', `/complaints/${unassigned}`, { session: sessions.agent })).json().data;
    expect(seen.assignee).toMatchObject({ id: second.id });
    const late = await consoleCall(t.app, 'POST', `/complaints/${unassigned}/reply`, {
      session: sessions.agent,
      multipart: { text: 'Also me' },
    });
    expect(late.statusCode).toBe(409);
    const detail = (await call(t.app, 'problemDetail', { session: borrower, query: IN, body: { problemId: String(unassigned) } })).json()
      .data;
    expect(detail.disposeDetail).toBe('On it.');
  });

  it('keeps the audit log append-only: the database refuses to change or delete a row', async () => {
    await expect(t.database.db.execute(sql`UPDATE audit_log SET action = 'nothing'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
    expect((await counts()).audit).toBeGreaterThan(0);
  });
});

describe('operators: enrolment links, role, disable, unlock, lockout per account and address', () => {
  const tokenOf = (path: string) => path.split('#')[1]!;
  const enrol = (token: string, password: string, code: string) =>
    consoleCall(t.app, 'POST', '/enrolment', { body: { token, password, code } });

  it('adds an operator with a one-time enrolment link where they set their own password and TOTP; the admin sees neither, and the link works once', async () => {
    const body = { email: 'Second.Admin@kilat.test', name: 'Second Admin', role: 'admin' };
    const created = await consoleCall(t.app, 'POST', '/operators', { session: sessions.admin, body });
    expect(created.statusCode, created.body).toBe(200);
    const link = created.json().data;
    expect(link).toEqual({
      operator: { id: expect.any(Number), email: 'second.admin@kilat.test', name: 'Second Admin', role: 'admin' },
      enrolmentPath: expect.stringMatching(/^\/console\/enrol#[\w-]{43}$/),
      expiresAt: expect.any(String),
    });
    expect((await consoleCall(t.app, 'POST', '/operators', { session: sessions.admin, body })).statusCode).toBe(409);
    const listed = (await consoleCall(t.app, 'GET', '/operators', { session: sessions.admin })).json().data;
    expect(listed.find((entry: { id: number }) => entry.id === link.operator.id)).toMatchObject({ enrolled: false, lockedUntil: null });
    expect(JSON.stringify(listed)).not.toMatch(/totp|password/i);

    const token = tokenOf(link.enrolmentPath);
    const opened = await consoleCall(t.app, 'POST', '/enrolment/open', { body: { token } });
    expect(opened.json().data).toMatchObject({ email: 'second.admin@kilat.test', totpSecret: expect.stringMatching(/^[A-Z2-7]{16,}$/) });
    const secret = opened.json().data.totpSecret as string;
    // a code of another secret proves nothing: refused, the link still works
    expect((await enrol(token, 'my-own-long-password', '000000')).statusCode).toBe(400);
    expect((await enrol(token, 'my-own-long-password', await totpCode(secret, t.clock))).statusCode).toBe(200);
    // once only
    const again = await enrol(token, 'someone-elses-password', await totpCode(secret, t.clock));
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe(ConsoleCode.EnrolmentLinkInvalid);
    expect((await consoleCall(t.app, 'POST', '/enrolment/open', { body: { token } })).statusCode).toBe(410);

    const signedIn = await signIn(t.app, t.clock, {
      email: 'second.admin@kilat.test',
      password: 'my-own-long-password',
      totpSecret: secret,
      role: 'admin',
    });
    expect(signedIn.operatorId).toBe(link.operator.id);
    // the audit log keeps who added and who enrolled, never a secret
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(link.operator.id)));
    expect(rows.map((row) => row.action)).toEqual(expect.arrayContaining(['operator.create', 'operator.enrol', 'sign-in']));
    expect(JSON.stringify(rows)).not.toContain(secret);
  });

  it("resets an operator: their sessions end, the old password stops working, and only the new link's enrolment lets them in", async () => {
    const operator = await addOperator(t.database.db, t.clock, { email: 'reset.me@kilat.test', name: 'Reset Me', role: 'agent' });
    const session = await signIn(t.app, t.clock, operator);
    const reset = await consoleCall(t.app, 'POST', `/operators/${operator.id}/reset`, { session: sessions.admin });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await consoleCall(t.app, 'GET', '/session', { session })).statusCode).toBe(401);
    t.clock.advance(30_000);
    const old = await signInRequest(
      t.app,
      { email: operator.email, password: operator.password, code: await totpCode(operator.totpSecret, t.clock) },
      'localhost',
      { address: '198.51.100.7' },
    );
    expect(old.json().code).toBe(ConsoleCode.SignInRefused);
    const token = tokenOf(reset.json().data.enrolmentPath);
    const secret = (await consoleCall(t.app, 'POST', '/enrolment/open', { body: { token } })).json().data.totpSecret;
    expect((await enrol(token, 'a-brand-new-password', await totpCode(secret, t.clock))).statusCode).toBe(200);
    expect((await signIn(t.app, t.clock, { ...operator, password: 'a-brand-new-password', totpSecret: secret })).operatorId).toBe(
      operator.id,
    );
    // an admin does not reset, disable or demote themself
    expect(
      (await consoleCall(t.app, 'POST', `/operators/${sessions.admin.operatorId}/reset`, { session: sessions.admin })).statusCode,
    ).toBe(409);
    expect(
      (await consoleCall(t.app, 'POST', `/operators/${sessions.admin.operatorId}/disable`, { session: sessions.admin })).statusCode,
    ).toBe(409);
  });

  it("disables an operator, ending their sessions at once; changes a role, which counts from the operator's next call", async () => {
    const operator = await addOperator(t.database.db, t.clock, { email: 'leaver@kilat.test', name: 'Leaver', role: 'agent' });
    const session = await signIn(t.app, t.clock, operator);
    expect((await consoleCall(t.app, 'GET', '/operators', { session })).statusCode).toBe(403);
    await consoleCall(t.app, 'POST', `/operators/${operator.id}/role`, { session: sessions.admin, body: { role: 'supervisor' } });
    expect((await consoleCall(t.app, 'GET', '/operators', { session })).statusCode).toBe(200);
    expect((await consoleCall(t.app, 'POST', `/operators/${operator.id}/disable`, { session: sessions.admin })).statusCode).toBe(200);
    expect((await consoleCall(t.app, 'GET', '/session', { session })).statusCode).toBe(401);
    const listed = (await consoleCall(t.app, 'GET', '/operators', { session: sessions.admin })).json().data;
    expect(listed.find((entry: { id: number }) => entry.id === operator.id)).toMatchObject({ disabled: true, role: 'supervisor' });
    const actions = (await consoleCall(t.app, 'GET', `/audit?targetType=operator&targetId=${operator.id}`, { session: sessions.admin }))
      .json()
      .data.entries.map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['operator.role', 'operator.disable']));
  });

  it('answers an unknown email exactly as a known one, locking either after 5 failures; a locked operator is listed locked and an admin unlocks them', async () => {
    const known = await addOperator(t.database.db, t.clock, { email: 'known@kilat.test', name: 'Known', role: 'agent' });
    const from = { address: '203.0.113.10' };
    const attempt = (email: string) => signInRequest(t.app, { email, password: 'wrong-password', code: '123456' }, 'localhost', from);
    for (let n = 1; n <= 4; n++) {
      const [a, b] = [await attempt(known.email), await attempt('nobody.here@kilat.test')];
      expect([a.statusCode, b.statusCode]).toEqual([401, 401]);
      expect(b.json()).toEqual(a.json());
    }
    const [lockedKnown, lockedUnknown] = [await attempt(known.email), await attempt('nobody.here@kilat.test')];
    expect(lockedKnown.statusCode).toBe(423);
    expect(lockedUnknown.statusCode).toBe(423);
    expect(lockedUnknown.json()).toEqual(lockedKnown.json());

    t.clock.advance(30_000);
    const right = { email: known.email, password: known.password, code: await totpCode(known.totpSecret, t.clock) };
    expect((await signInRequest(t.app, right, 'localhost', { address: '203.0.113.11' })).json().code).toBe(ConsoleCode.Locked);
    const listed = (await consoleCall(t.app, 'GET', '/operators', { session: sessions.admin })).json().data;
    expect(listed.find((entry: { id: number }) => entry.id === known.id).lockedUntil).toEqual(expect.any(String));
    expect((await consoleCall(t.app, 'POST', `/operators/${known.id}/unlock`, { session: sessions.admin })).statusCode).toBe(200);
    const unlocked = await signInRequest(t.app, right, 'localhost', { address: '203.0.113.11', agent: 'Mozilla/5.0 (Kilat test)' });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    // the sign-in is audited with the address and the browser it came from
    const [signInRow] = (await auditOf('sign-in')).filter((row) => row.operatorId === known.id);
    expect(signInRow!.after).toEqual({ address: '203.0.113.11', agent: 'Mozilla/5.0 (Kilat test)' });
  });

  it('locks an address after 20 failures whatever the emails, and only that address', async () => {
    const operator = await addOperator(t.database.db, t.clock, { email: 'busy.address@kilat.test', name: 'Busy', role: 'agent' });
    const noisy = { address: '192.0.2.66' };
    for (let n = 0; n < 20; n++) {
      await signInRequest(t.app, { email: `guess${n}@kilat.test`, password: 'guess', code: '123456' }, 'localhost', noisy);
    }
    t.clock.advance(30_000);
    const right = { email: operator.email, password: operator.password, code: await totpCode(operator.totpSecret, t.clock) };
    const fromNoisy = await signInRequest(t.app, right, 'localhost', noisy);
    expect(fromNoisy.statusCode).toBe(423);
    expect((await signInRequest(t.app, right, 'localhost', { address: '192.0.2.67' })).statusCode).toBe(200);
  });
});

describe('borrowers and orders: search, borrower page, order page, sessions', () => {
  const search = (q: string, session = sessions.agent, after?: number) =>
    consoleCall(t.app, 'GET', `/borrowers?q=${encodeURIComponent(q)}${after ? `&after=${after}` : ''}`, { session });
  const ids = (items: { id: number }[]) => items.map((item) => item.id);
  let me: typeof borrowers.$inferSelect;

  beforeAll(async () => {
    const [row] = await t.database.db
      .select()
      .from(borrowers)
      .where(eq(borrowers.id, Number(borrower.userId)));
    me = row!;
  });

  it('finds a borrower by phone as typed, by order number, by name and by a card last 4, saying what matched; the phone is masked', async () => {
    // the phone as an operator types it: national digits, spaces
    const national = me.phone.replace('+91', '').replace(/(\d{5})(\d{5})/, '$1 $2');
    const byPhone = (await search(national)).json().data;
    expect(byPhone.items).toEqual([
      expect.objectContaining({ id: me.id, matched: ['phone'], phone: expect.stringMatching(/^\+91•+\d{4}$/) }),
    ]);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.borrowerId, me.id)).limit(1);
    expect((await search(order!.orderNo)).json().data.items).toEqual([expect.objectContaining({ id: me.id, matched: ['orderNo'] })]);
    expect(ids((await search(me.name.slice(0, 4))).json().data.items)).toContain(me.id);
    const [card] = await t.database.db.select().from(bankCards).where(eq(bankCards.borrowerId, me.id)).limit(1);
    const byCard = (await search(card!.last4)).json().data.items;
    expect(byCard.find((item: { id: number }) => item.id === me.id).matched).toContain('card');
  });

  it('says every way a borrower matched, once, and keeps to the market asked for', async () => {
    const [twofold] = await t.database.db
      .insert(borrowers)
      .values({ market: 'ID', phone: '+6281299977001', name: 'Twofold Match' })
      .returning({ id: borrowers.id });
    const card = (n: number) => ({
      borrowerId: twofold!.id,
      market: 'ID' as const,
      bankCode: 'BCA',
      bankName: 'BCA',
      bin: '411111',
      last4: '7781',
      holderName: 'Twofold Match',
      gateway: 'sandbox',
      gatewayToken: `twofold-${n}`,
      fingerprint: `twofold-${n}`,
    });
    // two cards and a disbursal account ending alike: one row, matched by card and by account
    await t.database.db.insert(bankCards).values([card(1), card(2)]);
    await giveDisbursalAccount(t, twofold!.id, '7781');
    const found = (await search('7781')).json().data.items;
    expect(found).toEqual([expect.objectContaining({ id: twofold!.id, matched: ['card', 'account'] })]);
    const inMarket = (market: string) =>
      consoleCall(t.app, 'GET', `/borrowers?q=7781&market=${market}`, { session: sessions.agent }).then(
        (response) => response.json().data.items,
      );
    expect(ids(await inMarket('ID'))).toEqual([twofold!.id]);
    expect(await inMarket('IN')).toEqual([]);
  });

  it('pages a search by borrower id: 20 at a time, each page after the last id of the one before, none twice', async () => {
    await t.database.db.insert(borrowers).values(
      Array.from({ length: 25 }, (_, n) => ({
        market: 'IN' as const,
        phone: `+9170000000${String(n).padStart(2, '0')}`,
        name: `Paginated Person ${n}`,
      })),
    );
    const first = (await search('paginated')).json().data;
    expect(first.items).toHaveLength(20);
    expect(first.next).toBe(first.items[19].id);
    const second = (await search('paginated', sessions.agent, first.next)).json().data;
    expect(second.items).toHaveLength(5);
    expect(second.next).toBeNull();
    const all = [...ids(first.items), ...ids(second.items)];
    expect(new Set(all).size).toBe(25);
    expect(all).toEqual([...all].sort((a, b) => a - b));
  });

  it('refuses the search and the pages to a role without them, and revoking sessions to an agent', async () => {
    expect((await search('paginated', sessions.admin)).json().code).toBe(ConsoleCode.RoleRefused);
    expect((await consoleCall(t.app, 'GET', `/borrowers/${me.id}`, { session: sessions.admin })).statusCode).toBe(403);
    expect((await consoleCall(t.app, 'GET', '/orders/1', { session: sessions.admin })).statusCode).toBe(403);
    expect((await consoleCall(t.app, 'GET', `/borrowers/${me.id}`)).statusCode).toBe(401);
    const revoke = await consoleCall(t.app, 'POST', `/borrowers/${me.id}/sessions/revoke`, {
      session: sessions.agent,
      body: { session: null },
    });
    expect(revoke.statusCode).toBe(403);
    expect((await search('x', sessions.agent)).statusCode).toBe(400);
  });

  it("shows a borrower's orders, masked cards and accounts, sessions, SMS, messages, complaints; ends one session everywhere, audited", async () => {
    const other = await demoSession(t.app, Market.India);
    const page = (await consoleCall(t.app, 'GET', `/borrowers/${me.id}`, { session: sessions.supervisor })).json().data;
    expect(page.borrower).toMatchObject({ id: me.id, market: 'IN', phone: expect.stringMatching(/•/) });
    expect(page.orders.length).toBeGreaterThan(0);
    expect(page.cards.every((card: { number: string }) => /^•••• \d{4}$/.test(card.number))).toBe(true);
    expect(page.complaints.map((complaint: { id: number }) => complaint.id)).toContain(complaintId);
    expect(JSON.stringify(page)).not.toContain(me.phone);
    const hash = sha256(other.sessionId);
    expect(page.sessions.map((session: { id: string }) => session.id)).toContain(hash);

    const ended = await consoleCall(t.app, 'POST', `/borrowers/${me.id}/sessions/revoke`, {
      session: sessions.supervisor,
      body: { session: hash },
    });
    expect(ended.json().data).toEqual({ ended: 1 });
    expect((await call(t.app, 'problemList', { session: other, query: IN, body: {} })).statusCode).toBe(401);
    // the borrower's other sessions go on
    expect((await call(t.app, 'problemList', { session: borrower, query: IN, body: {} })).statusCode).toBe(200);
    const [entry] = await auditOf('borrower.sessions.revoke');
    expect(entry).toMatchObject({ operatorId: sessions.supervisor.operatorId, targetId: String(me.id), after: { ended: 1, all: false } });
  });

  it("shows an overdue order's timeline, ledger and what it owes today: the amounts the borrower's loan details show", async () => {
    const page = (await consoleCall(t.app, 'GET', `/borrowers/${me.id}`, { session: sessions.agent })).json().data;
    const overdue = page.orders.find((order: { status: number }) => order.status === 180);
    const view = (await consoleCall(t.app, 'GET', `/orders/${overdue.id}`, { session: sessions.agent })).json().data;
    expect(view.order).toMatchObject({ orderNo: overdue.orderNo, status: 180, borrowerId: me.id });
    expect(view.timeline.map((event: { label: string }) => event.label)).toEqual(expect.arrayContaining(['Applied', 'Disbursed']));
    const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, overdue.id));
    const rows: { text: string; value: string }[] = (
      await call(t.app, 'loanDetails', {
        session: borrower,
        query: IN,
        body: { productId: String(stored!.productId), orderId: String(overdue.id) },
      })
    ).json().data.userOrderDetail.detail;
    expect(view.owedToday.outstanding).toBe(rows.find((row) => row.text === 'Amount due')!.value);
    expect(view.ledger.rows).toHaveLength(
      (await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, overdue.id))).length,
    );
    expect(view.owedToday.penalty).not.toBe('₹0');
    // a complaint links to its borrower and its order
    const complaint = (await consoleCall(t.app, 'GET', `/complaints/${complaintId}`, { session: sessions.agent })).json().data;
    expect(complaint.borrower.id).toBe(me.id);
    expect((await consoleCall(t.app, 'GET', `/orders/${complaint.order.id}`, { session: sessions.agent })).json().data.order.orderNo).toBe(
      complaint.order.orderNo,
    );
  });
});

describe('penalty waivers: maker-checker, posted through the ledger module, audited', () => {
  let overdue: { id: number; productId: number };
  const amountDue = async () => {
    const rows: { text: string; value: string }[] = (
      await call(t.app, 'loanDetails', {
        session: borrower,
        query: IN,
        body: { productId: String(overdue.productId), orderId: String(overdue.id) },
      })
    ).json().data.userOrderDetail.detail;
    return rows.find((row) => row.text === 'Amount due')!.value;
  };
  const view = async () => (await consoleCall(t.app, 'GET', `/orders/${overdue.id}`, { session: sessions.supervisor })).json().data;
  const waiverRows = () =>
    t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, overdue.id), eq(ledgerEntries.kind, 'penalty_waiver')));
  const ask = (amountMinor: number, session = sessions.supervisor, reason = 'Paid late because of a bank outage') =>
    consoleCall(t.app, 'POST', `/orders/${overdue.id}/penalty-waivers`, { session, body: { amountMinor, reason } });

  beforeAll(async () => {
    const page = (await consoleCall(t.app, 'GET', `/borrowers/${borrower.userId}`, { session: sessions.supervisor })).json().data;
    const { id } = page.orders.find((order: { status: number }) => order.status === 180);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    overdue = { id, productId: row!.productId };
  });

  it('posts a waiver at or under the configured amount at once, and the loan details owe that much less', async () => {
    const before = await view();
    expect(before.penaltyOwedMinor).toBeGreaterThan(t.config.console.waiverApprovalAboveMinor.IN + 1_000);
    const asked = await ask(100);
    expect(asked.json().data.status).toBe('approved');
    expect(await waiverRows()).toHaveLength(1);
    expect((await view()).penaltyOwedMinor).toBe(before.penaltyOwedMinor - 100);
    expect(await amountDue()).toBe((await view()).owedToday.outstanding);
  });

  it('holds a larger waiver for a second operator: the maker cannot approve it, another can, once; the borrower then owes less', async () => {
    const amount = t.config.console.waiverApprovalAboveMinor.IN + 500;
    const dueBefore = await amountDue();
    const owedBefore = (await view()).penaltyOwedMinor;
    const asked = (await ask(amount)).json().data;
    expect(asked.status).toBe('pending');
    expect(await amountDue()).toBe(dueBefore);
    const own = await consoleCall(t.app, 'POST', `/penalty-waivers/${asked.id}/approve`, { session: sessions.supervisor });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toMatch(/another operator/);
    expect((await consoleCall(t.app, 'POST', `/penalty-waivers/${asked.id}/approve`, { session: sessions.agent })).statusCode).toBe(403);
    expect((await consoleCall(t.app, 'POST', `/penalty-waivers/${asked.id}/approve`, { session: sessions.risk })).statusCode).toBe(200);
    expect((await consoleCall(t.app, 'POST', `/penalty-waivers/${asked.id}/approve`, { session: sessions.risk })).statusCode).toBe(409);
    expect(await waiverRows()).toHaveLength(2);
    const after = await view();
    expect(after.penaltyOwedMinor).toBe(owedBefore - amount);
    expect(await amountDue()).toBe(after.owedToday.outstanding);
    expect(await amountDue()).not.toBe(dueBefore);
    expect(after.waivers.find((waiver: { id: number }) => waiver.id === asked.id)).toMatchObject({
      status: 'approved',
      requestedBy: { id: sessions.supervisor.operatorId },
      decidedBy: { id: sessions.risk.operatorId },
    });
    const entries = (await consoleCall(t.app, 'GET', `/audit?targetType=order&targetId=${overdue.id}`, { session: sessions.admin })).json()
      .data.entries;
    expect(entries.slice(0, 2).map((entry: { action: string; operator: { id: number } }) => [entry.action, entry.operator.id])).toEqual([
      ['penalty-waiver.approve', sessions.risk.operatorId],
      ['penalty-waiver.request', sessions.supervisor.operatorId],
    ]);
  });

  it('refuses a waiver above the penalties owed, an agent asking, and posts nothing for a rejected one', async () => {
    const owed = (await view()).penaltyOwedMinor;
    expect((await ask(owed + 1)).statusCode).toBe(400);
    expect((await ask(100, sessions.agent)).statusCode).toBe(403);
    const asked = (await ask(t.config.console.waiverApprovalAboveMinor.IN + 1)).json().data;
    expect((await consoleCall(t.app, 'POST', `/penalty-waivers/${asked.id}/reject`, { session: sessions.risk })).statusCode).toBe(200);
    expect(await waiverRows()).toHaveLength(2);
    expect((await view()).penaltyOwedMinor).toBe(owed);
  });
});

describe('the chatbot tree editor', () => {
  const IN_QUERY = { market: 'IN' };
  const ID_QUERY = { market: 'ID' };
  const borrowerList = async (pid: number, query = IN_QUERY) =>
    (await call(t.app, 'qaList', { session: borrower, query: { ...query, pid: String(pid) } })).json().data.answerList as {
      id: number;
      title_local: string;
    }[];

  it('adds a question in both languages that the borrower sees last in its category, in their language', async () => {
    const body = {
      parentId: categoryId,
      actionType: 2,
      titleEn: 'Why was my limit lowered?',
      titleId: 'Mengapa limit saya diturunkan?',
      aliasEn: 'limit',
      aliasId: 'limit',
    };
    const created = await consoleCall(t.app, 'POST', '/chatbot/nodes', { session: sessions.agent, body });
    expect(created.statusCode, created.body).toBe(200);
    const node = created.json().data;
    expect((await borrowerList(categoryId)).at(-1)).toMatchObject({ id: node.id, title_local: body.titleEn });
    expect((await borrowerList(categoryId, ID_QUERY)).at(-1)).toMatchObject({ id: node.id, title_local: body.titleId });
    const [entry] = (
      await consoleCall(t.app, 'GET', `/audit?action=chatbot.create&targetId=${node.id}`, { session: sessions.admin })
    ).json().data.entries;
    expect(entry).toMatchObject({ operator: { id: sessions.agent.operatorId }, targetType: 'qa-node', after: { titleEn: body.titleEn } });
  });

  it('moves a node up among its siblings as the borrower sees them, and refuses to move the first one further up', async () => {
    const before = (await borrowerList(categoryId)).map((node) => node.id);
    const last = before.at(-1)!;
    expect(
      (await consoleCall(t.app, 'POST', `/chatbot/nodes/${last}/move`, { session: sessions.agent, body: { direction: 'up' } })).statusCode,
    ).toBe(200);
    const after = (await borrowerList(categoryId)).map((node) => node.id);
    expect(after).toEqual([...before.slice(0, -2), last, before.at(-2)]);
    const first = after[0]!;
    const refused = await consoleCall(t.app, 'POST', `/chatbot/nodes/${first}/move`, {
      session: sessions.agent,
      body: { direction: 'up' },
    });
    expect(refused.statusCode).toBe(409);
    expect((await borrowerList(categoryId)).map((node) => node.id)).toEqual(after);
  });

  it('retires a question with its answer: the borrower neither lists nor finds it; restoring brings both back', async () => {
    type TreeNode = { id: number; parentId: number | null; titleEn: string; retired: boolean };
    const tree = (await consoleCall(t.app, 'GET', '/chatbot/nodes', { session: sessions.agent })).json().data as TreeNode[];
    const question = tree.find((node) => node.id === questionId)!;
    const answer = tree.find((node) => node.parentId === questionId)!;
    const ask = async (): Promise<number[]> =>
      (
        (await call(t.app, 'qaRecord', { session: borrower, query: IN_QUERY, body: { type: '4', value: question.titleEn } })).json().data
          .answerList ?? []
      ).map((node: { id: number }) => node.id);
    expect(await ask()).toContain(questionId);

    expect((await consoleCall(t.app, 'POST', `/chatbot/nodes/${questionId}/retire`, { session: sessions.agent })).statusCode).toBe(200);
    expect((await borrowerList(categoryId)).map((node) => node.id)).not.toContain(questionId);
    expect(await ask()).not.toContain(questionId);
    expect((await call(t.app, 'qaList', { session: borrower, query: { ...IN_QUERY, pid: String(questionId) } })).statusCode).toBe(404);
    const retired = (await consoleCall(t.app, 'GET', '/chatbot/nodes', { session: sessions.agent })).json().data as TreeNode[];
    expect(retired.filter((node) => node.id === questionId || node.id === answer.id).every((node) => node.retired)).toBe(true);
    expect((await consoleCall(t.app, 'POST', `/chatbot/nodes/${answer.id}/restore`, { session: sessions.agent })).statusCode).toBe(409);

    expect((await consoleCall(t.app, 'POST', `/chatbot/nodes/${questionId}/restore`, { session: sessions.agent })).statusCode).toBe(200);
    expect((await borrowerList(questionId)).map((node) => node.id)).toEqual([answer.id]);
    const entries = (
      await consoleCall(t.app, 'GET', `/audit?targetType=qa-node&targetId=${questionId}`, { session: sessions.admin })
    ).json().data.entries;
    expect(entries.slice(0, 2).map((entry: { action: string }) => entry.action)).toEqual(['chatbot.restore', 'chatbot.retire']);
  });

  it("shows a borrower's chatbot records, newest first, with the question in their language", async () => {
    await call(t.app, 'qaRecord', { session: borrower, query: IN_QUERY, body: { type: '2', value: '1', qaId: String(questionId) } });
    const { data } = (await consoleCall(t.app, 'GET', `/borrowers/${borrower.userId}/chat-records`, { session: sessions.agent })).json();
    expect(data.borrower).toMatchObject({ id: Number(borrower.userId), market: 'IN' });
    expect(data.records[0]).toMatchObject({ type: 2, value: '1', question: expect.any(String) });
    expect(data.records[0].question).not.toBe('');
  });
});
