import { Market } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { borrowers } from '../../../db/schema.js';
import { call, useTestApp } from '../../../test/app.js';
import { makePhoto, submitIdentity } from '../../../test/identity.js';
import { type ReplayServer, startReplayServer } from '../../../test/replay-server.js';
import { identityChecks } from '../table.js';
import {
  cashfreeAadhaarVerified,
  cashfreeLiveliness,
  cashfreeOtpSent,
  cashfreePanVerified,
  trustDecisionIdVerified,
  trustDecisionLiveness,
  trustDecisionNoRecord,
} from './exchanges.js';

const replay = { server: undefined as unknown as ReplayServer };
beforeAll(async () => {
  replay.server = await startReplayServer(() => ({ status: 404, body: { message: 'no exchange' } }));
  return () => replay.server.close();
});

const t = useTestApp(() => ({
  config: {
    identity: {
      providers: { IN: 'cashfree', ID: 'trustdecision' },
      cashfree: { clientId: 'CF10000TESTCLIENT', clientSecret: 'cfsk_ma_test_secret', apiBase: `${replay.server.baseUrl}/verification` },
      trustdecision: {
        partnerCode: 'kilat',
        partnerKey: 'td-partner-key',
        livenessUrl: `${replay.server.baseUrl}/verification/kyc/liveness/v1`,
        idVerificationUrl: `${replay.server.baseUrl}/verification/kyc/idverification/v2`,
      },
    },
  },
}));

const fresh = async (market: Market) =>
  (await t.app.inject({ method: 'GET', url: `/dev/session?market=${market}&fresh=1&identity=none` })).json();
const AADHAAR = '234567890124';

describe('India through Cashfree Secure ID, replayed from its documented exchanges', () => {
  it('verifies PAN, the selfie’s liveliness, then the offline Aadhaar e-KYC with UIDAI’s code; only Cashfree’s ref_id stands for the number', async () => {
    const session = await fresh(Market.India);
    let verifyCalls = 0;
    replay.server.answer((request) => {
      if (request.path === '/verification/pan')
        return { status: 200, body: cashfreePanVerified('ABCPE1234F', 'Mallesh Fakkirappa Dollin') };
      if (request.path === '/verification/liveliness') return { status: 200, body: cashfreeLiveliness(true, 0.95) };
      if (request.path === '/verification/offline-aadhaar/otp') return { status: 200, body: cashfreeOtpSent };
      if (request.path === '/verification/offline-aadhaar/verify') {
        verifyCalls += 1;
        // Cashfree refuses a wrong code as a bad request
        return verifyCalls === 1
          ? { status: 400, body: { type: 'validation_error', message: 'Invalid OTP' } }
          : { status: 200, body: cashfreeAadhaarVerified };
      }
      return { status: 404, body: {} };
    });
    const from = replay.server.received.length;
    const started = await submitIdentity(t.app, session, {
      fields: { name: 'Mallesh Fakkirappa Dollin', birthDate: '1995-02-02', pan: 'ABCPE1234F', aadhaar: AADHAAR, consent: 'yes' },
      selfie: await makePhoto(),
    });
    expect(started.json().data).toMatchObject({ status: 'awaiting_otp', aadhaarLast4: '0124' });

    const sent = replay.server.received.slice(from);
    expect(sent.map((request) => request.path)).toEqual([
      '/verification/pan',
      '/verification/liveliness',
      '/verification/offline-aadhaar/otp',
    ]);
    expect(sent[0]!.headers['x-client-id']).toBe('CF10000TESTCLIENT');
    expect(sent[0]!.headers['x-client-secret']).toBe('cfsk_ma_test_secret');
    expect(sent[0]!.body).toEqual({ pan: 'ABCPE1234F', name: 'Mallesh Fakkirappa Dollin' });
    expect(sent[1]!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent[2]!.body).toEqual({ aadhaar_number: AADHAAR });

    const wrong = await call(t.app, 'identityOtp', { session, body: { otp: '111111' } });
    expect(wrong.json().message).toBe(enIN.identityOtpWrong);
    const verified = await call(t.app, 'identityOtp', { session, body: { otp: '267987' } });
    expect(verified.json().data).toMatchObject({ status: 'verified', name: 'Mallesh Fakkirappa Dollin', birthDate: '1995-02-02' });
    expect(replay.server.received.at(-1)!.body).toEqual({ otp: '267987', ref_id: '21637861' });

    const [row] = await t.database.db
      .select()
      .from(identityChecks)
      .where(eq(identityChecks.borrowerId, Number(session.userId)));
    expect(row).toMatchObject({ provider: 'cashfree', providerRef: '21637861', aadhaarLast4: '0124', livenessScore: 95 });
    expect(JSON.stringify(row)).not.toContain(AADHAAR);
    const [borrower] = await t.database.db
      .select()
      .from(borrowers)
      .where(eq(borrowers.id, Number(session.userId)));
    expect(borrower!.name).toBe('Mallesh Fakkirappa Dollin');
  });

  it('stops at a selfie Cashfree finds not live, before UIDAI is asked for a code', async () => {
    const session = await fresh(Market.India);
    replay.server.answer((request) => {
      if (request.path === '/verification/pan') return { status: 200, body: cashfreePanVerified('ABCPE1234F', 'Meera Iyer') };
      if (request.path === '/verification/liveliness') return { status: 200, body: cashfreeLiveliness(false, 0.12) };
      return { status: 500, body: { message: 'not expected' } };
    });
    const from = replay.server.received.length;
    const response = await submitIdentity(t.app, session, {
      fields: { name: 'Meera Iyer', birthDate: '1990-04-12', pan: 'ABCPE1234F', aadhaar: AADHAAR, consent: 'yes' },
      selfie: await makePhoto(),
    });
    expect(response.json().data).toMatchObject({ status: 'failed', reason: enIN.identityLivenessFailed });
    expect(replay.server.received.slice(from).map((request) => request.path)).not.toContain('/verification/offline-aadhaar/otp');
  });
});

describe('Indonesia through TrustDecision, replayed from its documented exchanges', () => {
  it('checks the selfie’s liveness, then the NIK and name at the registry, whose name and birth date become the borrower’s', async () => {
    const session = await fresh(Market.Indonesia);
    replay.server.answer((request) => {
      if (request.path.startsWith('/verification/kyc/liveness/v1')) return { status: 200, body: trustDecisionLiveness(true, 0.995061) };
      if (request.path.startsWith('/verification/kyc/idverification/v2')) return { status: 200, body: trustDecisionIdVerified };
      return { status: 404, body: {} };
    });
    const from = replay.server.received.length;
    const response = await submitIdentity(t.app, session, {
      fields: { name: 'Asnawi Aden', birthDate: '1973-07-01', nik: '1101010107730074', consent: 'yes' },
      selfie: await makePhoto(),
      document: await makePhoto(2),
    });
    expect(response.json().data).toMatchObject({ status: 'verified', name: 'ASNAWI ADEN', birthDate: '1973-07-01' });
    const [liveness, id] = replay.server.received.slice(from);
    expect(liveness!.path).toBe('/verification/kyc/liveness/v1?partner_code=kilat&partner_key=td-partner-key');
    expect(liveness!.body).toMatchObject({ country: 'ID' });
    expect(typeof liveness!.body!.image).toBe('string');
    expect(id!.body).toEqual({ country: 'ID', id_type: 'KTP', id_number: '1101010107730074', name: 'ASNAWI ADEN' });
  });

  it('fails a NIK the registry has no record of, and a selfie that is not live', async () => {
    const session = await fresh(Market.Indonesia);
    replay.server.answer((request) =>
      request.path.startsWith('/verification/kyc/liveness/v1')
        ? { status: 200, body: trustDecisionLiveness(true, 0.9) }
        : { status: 200, body: trustDecisionNoRecord },
    );
    const fields = { name: 'Asnawi Aden', birthDate: '1973-07-01', nik: '1101010107730074', consent: 'yes' };
    const unknown = await submitIdentity(t.app, session, { fields, selfie: await makePhoto(), document: await makePhoto(2) });
    expect(unknown.json().data).toMatchObject({ status: 'failed', reason: idID.identityDocumentNotFound });

    replay.server.answer(() => ({ status: 200, body: trustDecisionLiveness(false, 0.31) }));
    const notLive = await submitIdentity(t.app, session, { fields, selfie: await makePhoto(), document: await makePhoto(2) });
    expect(notLive.json().data).toMatchObject({ status: 'failed', reason: idID.identityLivenessFailed });
  });
});
