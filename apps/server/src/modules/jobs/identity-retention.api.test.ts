/**
 * Identity retention (decisions 153 and 171) on a real database, a real object-store folder and real
 * HTTP: identity numbers, Aadhaar references and identity images are kept while a loan is open and
 * for five years after the relationship ended, then deleted by the job, audited; the clock is moved.
 */
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { Market, OrderStatus } from '@kilat/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, orders, uploads } from '../../db/schema.js';
import { call, useTempDir, useTestApp } from '../../test/app.js';
import { makeOrder } from '../../test/factories.js';
import { makePhoto, submitIdentity } from '../../test/identity.js';
import { SANDBOX_AADHAAR_OTP } from '../identity/providers/sandbox.js';
import { identityChecks } from '../identity/table.js';
import { IDENTITY_RETENTION_JOB, yearsBefore } from './identity-retention.js';

const dir = useTempDir('kilat-identity-retention-');
const t = useTestApp(() => ({ config: { uploadDir: dir.path } }));
const DAY_MS = 24 * 60 * 60_000;

interface Fresh {
  sessionId: string;
  deviceId: string;
  userId: string;
}
const fresh = async (): Promise<Fresh> =>
  (await t.app.inject({ method: 'GET', url: `/dev/session?market=${Market.India}&fresh=1&identity=none` })).json();

/** The demo loans a fresh borrower starts with are over: closed today (the job reads when each ended). */
const closeLoansOf = (borrowerId: number) =>
  t.database.db
    .update(orders)
    .set({ closedOn: t.clock.today(Market.India) })
    .where(and(eq(orders.borrowerId, borrowerId), isNull(orders.closedOn)));

/** A borrower verified in India (PAN, Aadhaar through the sandbox's offline e-KYC, a selfie): their id. */
const verified = async (): Promise<number> => {
  const session = await fresh();
  const started = await submitIdentity(t.app, session, {
    fields: { name: 'Meera Iyer', birthDate: '1990-04-12', pan: 'ABCPE1234F', aadhaar: '2345 6789 0124', consent: 'yes' },
    selfie: await makePhoto(),
  });
  expect(started.statusCode, started.body).toBe(200);
  const otp = await call(t.app, 'identityOtp', { session, body: { otp: SANDBOX_AADHAAR_OTP } });
  expect(otp.json().data.status).toBe('verified');
  return Number(session.userId);
};

const checksOf = (borrowerId: number) => t.database.db.select().from(identityChecks).where(eq(identityChecks.borrowerId, borrowerId));
const imagesOf = (borrowerId: number) =>
  t.database.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.borrowerId, borrowerId), eq(uploads.purpose, 'identity')));
const stored = async (name: string) =>
  access(join(dir.path, name)).then(
    () => true,
    () => false,
  );
const purgesOf = (borrowerId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'identity.purge'), eq(auditLog.targetId, String(borrowerId))));
const run = async () => (await t.app.jobs.runNow(IDENTITY_RETENTION_JOB))!;

describe('the identity retention job', () => {
  it('keeps identity data five years after the relationship ended, deletes numbers, references and images after, and audits it', async () => {
    // no loan open: the relationship ended today
    const done = await verified();
    await closeLoansOf(done);
    // a loan still open: kept however long it lasts
    const owing = await verified();
    await makeOrder(t, { borrowerId: owing, status: OrderStatus.Overdue });
    const [check] = await checksOf(done);
    expect(check).toMatchObject({ status: 'verified', aadhaarLast4: '0124', numberLast4: '234F' });
    expect(check!.numberSealed).not.toBe('');
    const images = await imagesOf(done);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(await stored(image.name)).toBe(true);

    // a year later the other borrower's loan is repaid and closed: their five years start then
    t.clock.advance(365 * DAY_MS);
    const closer = await verified();
    await closeLoansOf(closer);
    await makeOrder(t, { borrowerId: closer, status: OrderStatus.Settled });

    // a day short of five years after the first loans closed: nothing goes
    t.clock.set(new Date(yearsBefore(t.clock.now(), -4).getTime() - DAY_MS));
    const early = await run();
    expect(early.result).toMatchObject({ borrowers: 0, checks: 0, images: 0 });
    expect(await checksOf(done)).toHaveLength(1);

    // a few days later (past the end of that business day in India) the first borrower's five years are over; the others' are not
    t.clock.advance(3 * DAY_MS);
    const due = await run();
    expect(due.result).toMatchObject({ borrowers: 1, checks: 1 });
    expect(await checksOf(done)).toEqual([]);
    expect(await imagesOf(done)).toEqual([]);
    for (const image of images) expect(await stored(image.name)).toBe(false);
    expect(await checksOf(owing)).toHaveLength(1);
    expect(await checksOf(closer)).toHaveLength(1);
    const [audit] = await purgesOf(done);
    expect(audit).toMatchObject({
      operatorId: null,
      targetType: 'borrower',
      before: { checks: [{ id: check!.id, documentKind: 'pan_aadhaar', status: 'verified' }], images: images.length },
      after: { deleted: true, retentionYears: 5 },
    });
    // the audit row says what went, not what it was
    expect(JSON.stringify(audit)).not.toMatch(/ABCPE1234F|0124|234F|Meera/i);

    // running again deletes nothing more
    expect((await run()).result).toMatchObject({ borrowers: 0 });
    expect(await purgesOf(done)).toHaveLength(1);

    // five years after the closed loan, its borrower's data goes too; the open loan's stays
    t.clock.advance(366 * DAY_MS);
    expect((await run()).result).toMatchObject({ borrowers: 1 });
    expect(await checksOf(closer)).toEqual([]);
    expect(await imagesOf(closer)).toEqual([]);
    expect(await checksOf(owing)).toHaveLength(1);
    expect(await imagesOf(owing)).not.toEqual([]);
  });
});
