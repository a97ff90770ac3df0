import { interpolate, Market, type MessageKey, ResultCode, verhoeffDigit } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openText } from '../../crypto.js';
import { rowsOf } from '../../db/database.js';
import { auditLog, borrowers, uploads } from '../../db/schema.js';
import { call, useTestApp } from '../../test/app.js';
import { consoleCall, signIn } from '../../test/console.js';
import { makePhoto, submitIdentity } from '../../test/identity.js';
import { logCapture } from '../../test/log-capture.js';
import { seedConsoleDemo } from '../console/operators/seed.js';
import { identityOf } from './identity-of.js';
import { SANDBOX_AADHAAR_OTP } from './providers/sandbox.js';
import { identityChecks } from './table.js';

const logs = logCapture();
const t = useTestApp(() => ({ config: { logLevel: 'debug' }, app: { logStream: logs.stream } }));

interface Fresh {
  sessionId: string;
  deviceId: string;
  userId: string;
}
const fresh = async (market: Market): Promise<Fresh> =>
  (await t.app.inject({ method: 'GET', url: `/dev/session?market=${market}&fresh=1&identity=none` })).json();

/** A test Aadhaar number: 2345 6789 0124 ends in its Verhoeff digit. */
const AADHAAR = '234567890124';
const wrongCheckDigit = `${AADHAAR.slice(0, 11)}${(Number(AADHAAR[11]) + 1) % 10}`;

const indianFields = (change: Record<string, string> = {}) => ({
  name: 'Meera Iyer',
  birthDate: '1990-04-12',
  pan: 'ABCPE1234F',
  aadhaar: '2345 6789 0124',
  consent: 'yes',
  ...change,
});
const indonesianFields = (change: Record<string, string> = {}) => ({
  name: 'Siti Rahma',
  birthDate: '1990-08-05',
  nik: '3174054508900012',
  consent: 'yes',
  ...change,
});

const LANGUAGES = { 'en-IN': enIN, 'id-ID': idID } as const;
const checksOf = (borrowerId: number) => t.database.db.select().from(identityChecks).where(eq(identityChecks.borrowerId, borrowerId));
const identityImagesOf = async (borrowerId: number) =>
  (await t.database.db.select().from(uploads).where(eq(uploads.borrowerId, borrowerId))).filter((row) => row.purpose === 'identity');
const borrowerName = async (borrowerId: number) =>
  (await t.database.db.select({ name: borrowers.name }).from(borrowers).where(eq(borrowers.id, borrowerId)))[0]!.name;

const otp = (session: Fresh, code: string) => call(t.app, 'identityOtp', { session, body: { otp: code } });

describe('identity in India: PAN and Aadhaar through the provider’s offline e-KYC, with a live selfie', () => {
  it('sends the checked numbers, waits for UIDAI’s code, then verifies: the document’s name becomes the borrower’s', async () => {
    const session = await fresh(Market.India);
    const borrowerId = Number(session.userId);
    const started = await submitIdentity(t.app, session, { fields: indianFields(), selfie: await makePhoto() });
    expect(started.statusCode).toBe(200);
    expect(started.json().data).toMatchObject({
      status: 'awaiting_otp',
      documentKind: 'pan_aadhaar',
      aadhaarLast4: '0124',
      numberLast4: '234F',
    });
    expect((await identityOf(t.database.db, borrowerId)).status).toBe('none');

    const wrong = await otp(session, '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(enIN.identityOtpWrong);

    const verified = await otp(session, SANDBOX_AADHAAR_OTP);
    expect(verified.json().data).toMatchObject({ status: 'verified', name: 'MEERA IYER', birthDate: '1990-04-12', reason: null });
    expect(await borrowerName(borrowerId)).toBe('MEERA IYER');
    expect(await identityOf(t.database.db, borrowerId)).toEqual({
      status: 'verified',
      name: 'MEERA IYER',
      birthDate: '1990-04-12',
      documentKind: 'pan_aadhaar',
      numberLast4: '234F',
    });
    const [row] = await checksOf(borrowerId);
    expect(openText(t.config.disbursalAccounts.encryptionKey, row!.numberSealed)).toBe('ABCPE1234F');
    expect(row!.selfieUpload).toMatch(/^[0-9a-f]{32}\.jpg$/);

    const again = await submitIdentity(t.app, session, { fields: indianFields(), selfie: await makePhoto() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(enIN.identityAlreadyVerified);
  });

  it('finds the full Aadhaar number nowhere: not in any column of any table, nor in the log', async () => {
    const session = await fresh(Market.India);
    await submitIdentity(t.app, session, { fields: indianFields(), selfie: await makePhoto() });
    await otp(session, SANDBOX_AADHAAR_OTP);
    await submitIdentity(t.app, await fresh(Market.India), {
      fields: indianFields({ aadhaar: wrongCheckDigit }),
      selfie: await makePhoto(),
    });

    const tables = rowsOf<{ name: string }>(
      await t.database.db.execute(
        sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
      ),
    );
    expect(tables.map((table) => table.name)).toContain('identity_checks');
    for (const { name } of tables) {
      // each whole row as text: every column of every table, whatever its type
      const found = rowsOf<{ n: number }>(
        await t.database.db.execute(
          sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)} AS r WHERE r::text LIKE ${`%${AADHAAR}%`} OR r::text LIKE ${'%2345 6789 0124%'} OR r::text LIKE ${`%${wrongCheckDigit}%`}`,
        ),
      );
      expect(found[0]!.n, name).toBe(0);
      const pan = rowsOf<{ n: number }>(
        await t.database.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)} AS r WHERE r::text LIKE ${'%ABCPE1234F%'}`),
      );
      expect(pan[0]!.n, `${name} keeps the PAN sealed`).toBe(0);
    }
    expect(logs.text()).toContain('identity');
    for (const written of [AADHAAR, '2345 6789 0124', '2345+6789+0124', wrongCheckDigit]) expect(logs.text()).not.toContain(written);
  });

  it.each([
    ['a PAN of the wrong form', { pan: 'ABCPE12345' }, 'identityPanInvalid'],
    ["a company's PAN", { pan: 'ABCCE1234F' }, 'identityPanNotPerson'],
    ['an Aadhaar number with a wrong check digit', { aadhaar: wrongCheckDigit }, 'identityAadhaarCheckDigit'],
    ['an Aadhaar number of 11 digits', { aadhaar: AADHAAR.slice(0, 11) }, 'identityAadhaarInvalid'],
  ] as const)('refuses %s with a clear message in both languages, storing and sending nothing', async (_, change, key) => {
    const session = await fresh(Market.India);
    for (const [language, pack] of Object.entries(LANGUAGES)) {
      const response = await submitIdentity(
        t.app,
        session,
        { fields: indianFields(change), selfie: await makePhoto() },
        { cookie: `kilat_lang=${language}` },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: ResultCode.InvalidRequest, message: pack[key as MessageKey] });
    }
    expect(await checksOf(Number(session.userId))).toEqual([]);
    expect(await identityImagesOf(Number(session.userId))).toEqual([]);
  });

  it('checks the Verhoeff digit of a number that is otherwise well formed, before anything is sent', async () => {
    const body = '98765432101';
    const session = await fresh(Market.India);
    const refused = await submitIdentity(t.app, session, {
      fields: indianFields({ aadhaar: `${body}${(verhoeffDigit(body) + 3) % 10}` }),
      selfie: await makePhoto(),
    });
    expect(refused.json().message).toBe(enIN.identityAadhaarCheckDigit);
    const accepted = await submitIdentity(t.app, session, {
      fields: indianFields({ aadhaar: `${body}${verhoeffDigit(body)}` }),
      selfie: await makePhoto(),
    });
    expect(accepted.json().data.status).toBe('awaiting_otp');
  });

  it('asks for the selfie and the consent', async () => {
    const session = await fresh(Market.India);
    expect((await submitIdentity(t.app, session, { fields: indianFields() })).json().message).toBe(enIN.identitySelfieMissing);
    const { consent: _, ...withoutConsent } = indianFields();
    expect((await submitIdentity(t.app, session, { fields: withoutConsent, selfie: await makePhoto() })).json().message).toBe(
      enIN.identityConsentMissing,
    );
    expect(await checksOf(Number(session.userId))).toEqual([]);
  });

  it('shows the sandbox’s other outcomes: a name mismatch, a selfie that is not live, a check pending an hour', async () => {
    const mismatch = await fresh(Market.India);
    await submitIdentity(t.app, mismatch, { fields: indianFields({ pan: 'ABCPE9002F' }), selfie: await makePhoto() });
    expect((await otp(mismatch, SANDBOX_AADHAAR_OTP)).json().data).toMatchObject({ status: 'failed', reason: enIN.identityNameMismatch });
    expect(await borrowerName(Number(mismatch.userId))).not.toBe('SANDBOX OTHER PERSON');
    expect((await identityOf(t.database.db, Number(mismatch.userId))).status).toBe('failed');
    // a failed check may be tried again
    expect((await submitIdentity(t.app, mismatch, { fields: indianFields(), selfie: await makePhoto() })).json().data.status).toBe(
      'awaiting_otp',
    );

    const notLive = await fresh(Market.India);
    await submitIdentity(t.app, notLive, { fields: indianFields({ pan: 'ABCPE9004F' }), selfie: await makePhoto() });
    expect((await otp(notLive, SANDBOX_AADHAAR_OTP)).json().data).toMatchObject({ status: 'failed', reason: enIN.identityLivenessFailed });

    const pending = await fresh(Market.India);
    await submitIdentity(t.app, pending, { fields: indianFields({ pan: 'ABCPE9003F' }), selfie: await makePhoto() });
    expect((await otp(pending, SANDBOX_AADHAAR_OTP)).json().data).toMatchObject({ status: 'pending', reason: enIN.identityPending });
    expect((await identityOf(t.database.db, Number(pending.userId))).status).toBe('pending');
    t.clock.advance(61 * 60_000);
    expect((await call(t.app, 'identity', { session: pending })).json().data).toMatchObject({ status: 'verified', name: 'MEERA IYER' });
    expect((await identityOf(t.database.db, Number(pending.userId))).status).toBe('verified');
  });
});

describe('identity in India: UIDAI’s code sent again, at most once a countdown (issue 48)', () => {
  it('refuses a new code before the countdown ends, says how long is left, and sends one after it', async () => {
    const session = await fresh(Market.India);
    const borrowerId = Number(session.userId);
    const started = await submitIdentity(t.app, session, { fields: indianFields(), selfie: await makePhoto() });
    expect(started.json().data).toMatchObject({ status: 'awaiting_otp', otpResendInSeconds: 60 });

    t.clock.advance(20_000);
    expect((await call(t.app, 'identity', { session })).json().data).toMatchObject({ status: 'awaiting_otp', otpResendInSeconds: 40 });
    const early = await submitIdentity(t.app, session, { fields: indianFields(), selfie: await makePhoto() });
    expect(early.statusCode).toBe(429);
    expect(early.json().code).toBe(ResultCode.RateLimited);
    expect(early.json().message).toBe(interpolate(enIN.identityOtpResendTooSoon, { seconds: 40 }));
    expect(await checksOf(borrowerId)).toHaveLength(1);

    t.clock.advance(40_000);
    const again = await submitIdentity(t.app, session, { fields: indianFields(), selfie: await makePhoto() });
    expect(again.json().data).toMatchObject({ status: 'awaiting_otp', otpResendInSeconds: 60 });
    // the first check is replaced: the new code completes the new one
    expect((await checksOf(borrowerId)).filter((row) => row.replacedAt === null)).toHaveLength(1);
    expect((await otp(session, SANDBOX_AADHAAR_OTP)).json().data).toMatchObject({ status: 'verified', otpResendInSeconds: 0 });
  });

  it('starts the form from the birth date of the application, so it is not typed twice', async () => {
    const session = await fresh(Market.India);
    await t.database.db
      .update(borrowers)
      .set({ statedBirthDate: '1991-03-04' })
      .where(eq(borrowers.id, Number(session.userId)));
    expect((await call(t.app, 'identity', { session })).json().data).toMatchObject({ status: 'none', birthDate: '1991-03-04' });
  });
});

describe('identity in Indonesia: NIK and KTP photo, with a live selfie', () => {
  it('verifies a woman’s NIK whose birth date agrees, keeping the KTP and selfie as private identity images', async () => {
    const session = await fresh(Market.Indonesia);
    const borrowerId = Number(session.userId);
    const response = await submitIdentity(t.app, session, {
      fields: indonesianFields(),
      selfie: await makePhoto(),
      document: await makePhoto(2),
    });
    expect(response.json().data).toMatchObject({
      status: 'verified',
      documentKind: 'nik_ktp',
      name: 'SITI RAHMA',
      numberLast4: '0012',
      aadhaarLast4: null,
    });
    expect(await borrowerName(borrowerId)).toBe('SITI RAHMA');
    expect(await identityImagesOf(borrowerId)).toHaveLength(2);

    // the borrower sees their own KTP through the signed link; another borrower's session does not open it unsigned
    const { documentUrl } = response.json().data as { documentUrl: string };
    expect((await t.app.inject({ method: 'GET', url: documentUrl })).statusCode).toBe(200);
    const other = await fresh(Market.Indonesia);
    const unsigned = documentUrl.split('?')[0]!;
    const stranger = await t.app.inject({
      method: 'GET',
      url: `${unsigned}?deviceId=${other.deviceId}`,
      headers: { authorization: `Bearer ${other.sessionId}` },
    });
    expect(stranger.statusCode).toBe(404);
    const owner = await t.app.inject({
      method: 'GET',
      url: `${unsigned}?deviceId=${session.deviceId}`,
      headers: { authorization: `Bearer ${session.sessionId}` },
    });
    expect(owner.statusCode).toBe(200);
    // an identity image is never complaint evidence
    expect(await t.app.uploads.ownedByBorrower([documentUrl], borrowerId)).toBeNull();
  });

  it('refuses a NIK whose birth date disagrees with a clear message in both languages, storing nothing', async () => {
    const session = await fresh(Market.Indonesia);
    for (const [language, pack] of Object.entries(LANGUAGES)) {
      const response = await submitIdentity(
        t.app,
        session,
        { fields: indonesianFields({ birthDate: '1990-08-06' }), selfie: await makePhoto(), document: await makePhoto(2) },
        { cookie: `kilat_lang=${language}` },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(pack.identityNikBirthDate);
    }
    // the same birth date in a man's NIK carries the day as it is
    expect(
      (
        await submitIdentity(t.app, session, {
          fields: indonesianFields({ nik: '3174050508900012' }),
          selfie: await makePhoto(),
          document: await makePhoto(2),
        })
      ).json().data.status,
    ).toBe('verified');
    expect(await checksOf(Number(session.userId))).toHaveLength(1);
  });

  it('asks for the KTP photo, and refuses a NIK of another length or region', async () => {
    const session = await fresh(Market.Indonesia);
    expect((await submitIdentity(t.app, session, { fields: indonesianFields(), selfie: await makePhoto() })).json().message).toBe(
      idID.identityDocumentMissing,
    );
    const short = await submitIdentity(t.app, session, {
      fields: indonesianFields({ nik: '317405450890001' }),
      selfie: await makePhoto(),
      document: await makePhoto(),
    });
    expect(short.json().message).toBe(idID.identityNikInvalid);
    const region = await submitIdentity(t.app, session, {
      fields: indonesianFields({ nik: '9974054508900012' }),
      selfie: await makePhoto(),
      document: await makePhoto(),
    });
    expect(region.json().message).toBe(idID.identityNikRegion);
    expect(await checksOf(Number(session.userId))).toEqual([]);
  });

  it('fails a selfie that is not live (NIK serial 9004) and explains it in Bahasa Indonesia', async () => {
    const session = await fresh(Market.Indonesia);
    const response = await submitIdentity(t.app, session, {
      fields: indonesianFields({ nik: '3174054508909004' }),
      selfie: await makePhoto(),
      document: await makePhoto(2),
    });
    expect(response.json().data).toMatchObject({ status: 'failed', reason: idID.identityLivenessFailed });
    expect(interpolate(idID.identityLivenessFailed)).not.toBe(enIN.identityLivenessFailed);
  });
});

describe('the identity calls', () => {
  it('answer 401 without a session and show no one else’s check', async () => {
    expect((await call(t.app, 'identity', {})).statusCode).toBe(401);
    const session = await fresh(Market.India);
    expect((await call(t.app, 'identity', { session })).json().data).toMatchObject({ status: 'none', selfieUrl: null });
    expect((await otp(session, SANDBOX_AADHAAR_OTP)).json().message).toBe(enIN.identityNoOtpAwaited);
  });

  it('shows a borrower’s documents to an operator of the risk role, audited, and to no other role', async () => {
    const session = await fresh(Market.Indonesia);
    await submitIdentity(t.app, session, { fields: indonesianFields(), selfie: await makePhoto(), document: await makePhoto(2) });
    const path = `/borrowers/${session.userId}/identity`;
    await seedConsoleDemo(t.database.db, t.clock);

    const agent = await signIn(t.app, t.clock, 'agent');
    expect((await consoleCall(t.app, 'GET', path, { session: agent })).statusCode).toBe(403);
    expect((await consoleCall(t.app, 'GET', path)).statusCode).toBe(401);

    const risk = await signIn(t.app, t.clock, 'risk');
    const response = await consoleCall(t.app, 'GET', path, { session: risk });
    expect(response.statusCode).toBe(200);
    const [check] = response.json().data.checks;
    expect(check).toMatchObject({
      status: 'verified',
      documentKind: 'nik_ktp',
      numberLast4: '0012',
      documentName: 'SITI RAHMA',
      current: true,
    });
    expect((await t.app.inject({ method: 'GET', url: check.documentUrl })).statusCode).toBe(200);
    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'identity.read'));
    expect(audited).toContainEqual(
      expect.objectContaining({ operatorId: risk.operatorId, targetType: 'borrower', targetId: session.userId }),
    );
  });

  it('the console borrower page reads the identity as the decision engine does: status, document kind, the last four only', async () => {
    await seedConsoleDemo(t.database.db, t.clock);
    const agent = await signIn(t.app, t.clock, 'agent');
    const page = async (userId: string) => (await consoleCall(t.app, 'GET', `/borrowers/${userId}`, { session: agent })).json().data;
    const none = await fresh(Market.India);
    expect((await page(none.userId)).identity).toEqual({ status: 'none', documentKind: null, last4: null });
    const pending = await fresh(Market.Indonesia);
    await submitIdentity(t.app, pending, {
      fields: indonesianFields({ nik: '3174054508909003' }),
      selfie: await makePhoto(),
      document: await makePhoto(2),
    });
    expect((await page(pending.userId)).identity).toEqual({ status: 'pending', documentKind: 'nik_ktp', last4: '9003' });
    const verified = await fresh(Market.Indonesia);
    await submitIdentity(t.app, verified, { fields: indonesianFields(), selfie: await makePhoto(), document: await makePhoto(2) });
    const view = await page(verified.userId);
    expect(view.identity).toEqual({ status: 'verified', documentKind: 'nik_ktp', last4: '0012' });
    // never the full number
    expect(JSON.stringify(view)).not.toContain('3174054508900012');
  });
});
