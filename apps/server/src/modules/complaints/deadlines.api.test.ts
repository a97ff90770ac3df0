/**
 * The regulator's deadline on a complaint (issue 49, decision 221), through the real app and
 * database: the days left on the borrower's complaint detail with each market's holidays, the job
 * that tracks and escalates, Indonesia's one extension with its reason, and the dashboard's counts.
 */
import { Market } from '@kilat/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, complaintDeadlines } from '../../db/schema.js';
import { grievanceDeadline } from '../../lending/grievance-deadline.js';
import { call, type DemoSession, demoSession, SETUP_TIMEOUT_MS, useTestApp } from '../../test/app.js';
import { consoleCall, signIn } from '../../test/console.js';
import { seedConsoleDemo } from '../console/operators/seed.js';
import { smsOutbox } from '../sms/outbox-table.js';
import { COMPLAINT_DEADLINES_JOB } from './deadlines.js';

// a year's sessions: the test moves the clock months ahead of the seeded ones
const t = useTestApp({ config: { sessionTtlHours: 24 * 365 } });
let india: DemoSession;
let indonesia: DemoSession;
const DAY_MS = 24 * 3600 * 1000;

beforeAll(async () => {
  // Monday 8 March 2027, 10:00 in Jakarta: Nyepi that day, Idul Fitri on the 10th and 11th
  t.clock.set(new Date('2027-03-08T03:00:00Z'));
  [india, indonesia] = await Promise.all([demoSession(t.app, Market.India), demoSession(t.app, Market.Indonesia)]);
}, SETUP_TIMEOUT_MS);

const complain = async (session: DemoSession) => {
  const [entry] = await t.app.orders.listForBorrower(Number(session.userId));
  const body = { problemType: '2', problemDetail: 'My repayment is not shown', orderNo: entry!.order.orderNo };
  const response = await call(t.app, 'problemSave', { session, query: { market: session.market }, body });
  return response.json().data.problemId as number;
};

const grievanceOf = async (session: DemoSession, problemId: number) => {
  const response = await call(t.app, 'problemDetail', {
    session,
    query: { market: session.market },
    body: { problemId: String(problemId) },
  });
  expect(response.json()).toMatchObject({ code: '00' });
  return response.json().data.grievance;
};

const rowOf = async (problemId: number) =>
  (await t.database.db.select().from(complaintDeadlines).where(eq(complaintDeadlines.complaintId, problemId)))[0];

describe("the regulator's deadline on a complaint", () => {
  it("lets the desk extend an Indonesian complaint once from the console, with the reason the borrower then reads, and refuses India's", async () => {
    t.clock.set(new Date('2027-03-08T03:00:00Z'));
    await seedConsoleDemo(t.database.db, t.clock);
    const session = await signIn(t.app, t.clock, 'supervisor');
    const problemId = await complain(indonesia);
    const reason = 'We asked your bank for its statement of the payment.';
    const extended = await consoleCall(t.app, 'POST', `/complaints/${problemId}/extend`, { session, body: { reason } });
    expect(extended.statusCode).toBe(200);
    const deadline = grievanceDeadline(Market.Indonesia, t.clock.today(Market.Indonesia), true);
    expect(extended.json().data).toEqual({ deadline });
    expect(await grievanceOf(indonesia, problemId)).toMatchObject({ deadline, extensionReason: reason });
    expect((await consoleCall(t.app, 'POST', `/complaints/${problemId}/extend`, { session, body: { reason } })).statusCode).toBe(409);
    const indian = await complain(india);
    expect((await consoleCall(t.app, 'POST', `/complaints/${indian}/extend`, { session, body: { reason } })).statusCode).toBe(409);
  });

  it('gives an Indonesian complaint 10 working days without the holidays, extends it once with the reason, then opens the way to OJK', async () => {
    t.clock.set(new Date('2027-03-08T03:00:00Z'));
    const problemId = await complain(indonesia);
    // the 8th is Nyepi but the complaint arrived that day; the 10th and 11th (Idul Fitri) do not count
    expect(await grievanceOf(indonesia, problemId)).toEqual({
      deadline: '2027-03-24',
      daysLeft: 16,
      mayEscalate: false,
      extensionReason: '',
    });

    await t.app.jobs.runNow(COMPLAINT_DEADLINES_JOB);
    expect(await rowOf(problemId)).toMatchObject({ market: 'ID', receivedOn: '2027-03-08', deadline: '2027-03-24', escalatedAt: null });

    const complaint = { id: problemId, market: Market.Indonesia, createdAt: t.clock.now(), repliedAt: null, closedAt: null, score: null };
    expect(await t.app.complaints.deadlines.extend(complaint, 'we are waiting for the bank’s statement')).toBe('2027-04-08');
    await expect(t.app.complaints.deadlines.extend(complaint, 'again')).rejects.toThrow('already extended once');
    expect(await grievanceOf(indonesia, problemId)).toMatchObject({
      deadline: '2027-04-08',
      extensionReason: 'we are waiting for the bank’s statement',
    });

    // four days before the extended deadline the desk is not yet warned; three days before it is, once
    t.clock.set(new Date('2027-04-04T03:00:00Z'));
    await t.app.jobs.runNow(COMPLAINT_DEADLINES_JOB);
    expect((await rowOf(problemId))?.escalatedAt).toBeNull();
    t.clock.set(new Date('2027-04-05T03:00:00Z'));
    await t.app.jobs.runNow(COMPLAINT_DEADLINES_JOB);
    const escalatedAt = (await rowOf(problemId))?.escalatedAt;
    expect(escalatedAt?.toISOString()).toBe('2027-04-05T03:00:00.000Z');
    // escalating tells someone: an audit row, and an SMS to Indonesia's grievance officer naming the complaint
    const escalations = () => t.database.db.select().from(auditLog).where(eq(auditLog.action, 'complaint.escalated'));
    expect((await escalations()).filter((row) => row.targetId === String(problemId))).toEqual([
      expect.objectContaining({ operatorId: null, targetType: 'complaint', after: expect.objectContaining({ deadline: '2027-04-08' }) }),
    ]);
    const officerSms = () => t.database.db.select().from(smsOutbox).where(eq(smsOutbox.purpose, 'complaint-escalation'));
    const told = (await officerSms()).filter((row) => row.body.includes(`#${problemId} (2027-04-08)`));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ market: 'ID', phone: t.config.company.ID.grievance.phone.replace(/[^\d+]/g, '') });
    const sent = (await officerSms()).length;
    const figures = await t.app.complaints.deadlines.figures(Market.Indonesia);
    expect(figures.dueSoon).toBeGreaterThanOrEqual(1);
    expect(figures.extended).toBeGreaterThanOrEqual(1);

    t.clock.set(new Date('2027-04-09T03:00:00Z'));
    await t.app.jobs.runNow(COMPLAINT_DEADLINES_JOB);
    expect((await rowOf(problemId))?.escalatedAt?.toISOString()).toBe('2027-04-05T03:00:00.000Z');
    // once: a later run neither audits nor texts it again
    expect((await escalations()).filter((row) => row.targetId === String(problemId))).toHaveLength(1);
    expect((await officerSms()).filter((row) => row.body.includes(`#${problemId} `))).toHaveLength(1);
    expect((await officerSms()).length).toBeGreaterThanOrEqual(sent);
    expect(await grievanceOf(indonesia, problemId)).toMatchObject({ daysLeft: -1, mayEscalate: true });
    expect((await t.app.complaints.deadlines.figures(Market.Indonesia)).pastDeadline).toBeGreaterThanOrEqual(1);
  });

  it('gives an Indian complaint 30 calendar days before the RBI Ombudsman, and refuses to extend them', async () => {
    t.clock.set(new Date('2027-03-08T04:30:00Z'));
    const problemId = await complain(india);
    expect(await grievanceOf(india, problemId)).toEqual({ deadline: '2027-04-07', daysLeft: 30, mayEscalate: false, extensionReason: '' });
    const complaint = { id: problemId, market: Market.India, createdAt: t.clock.now(), repliedAt: null, closedAt: null, score: null };
    await expect(t.app.complaints.deadlines.extend(complaint, 'more time')).rejects.toThrow('not extended');
    t.clock.advance(31 * DAY_MS);
    expect(await grievanceOf(india, problemId)).toMatchObject({ deadline: '2027-04-07', daysLeft: -1, mayEscalate: true });
  });

  it("refuses another borrower's complaint detail", async () => {
    t.clock.set(new Date('2027-03-08T04:30:00Z'));
    const problemId = await complain(india);
    const response = await call(t.app, 'problemDetail', {
      session: indonesia,
      query: { market: 'ID' },
      body: { problemId: String(problemId) },
    });
    expect(response.statusCode).toBe(403);
  });
});
