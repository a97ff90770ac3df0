/**
 * RazorpayX Payouts against a local HTTP server replaying its documented exchanges
 * (payout-exchanges.ts): contacts, fund accounts and their validation, payouts with the
 * X-Payout-Idempotency key, lookup by reference after a crash, the signed payout webhooks and the
 * account statement. Real HTTP, so the adapter's fetch, auth, headers and parsing all run.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RazorpayXSettings } from '../../../../config.js';
import {
  basicAuth,
  type ReceivedRequest,
  type ReplayedAnswer,
  type ReplayServer,
  startReplayServer,
} from '../../../../test/replay-server.js';
import { GatewayError } from '../gateway-http.js';
import type { NewPayout, PayoutDestination } from '../payout-port.js';
import {
  bankTransferTransaction,
  collection,
  contactEntity,
  type FundAccountDetails,
  fundAccountEntity,
  type PayoutFields,
  type PayoutStatus,
  payoutEntity,
  payoutEvent,
  payoutTransaction,
  RAZORPAYX_ACCOUNT_NUMBER,
  razorpayXError,
  razorpayXSignature,
  type StatusDetails,
  validationEntity,
  validationEvent,
} from './payout-exchanges.js';
import { RAZORPAYX_EVENT_ID_HEADER, RazorpayXPayoutGateway } from './payout-gateway.js';
import { RAZORPAY_SIGNATURE_HEADER } from './razorpay-gateway.js';

const KEY_ID = 'rzp_test_Pq3Wn8Zk2Lm5Tb';
const KEY_SECRET = 'payout-key-secret-of-the-dashboard';
const WEBHOOK_SECRET = 'razorpayx-payout-webhook-secret-of-the-dashboard';

/** What the replayed RazorpayX holds, as its API would. */
interface Bank {
  contacts: Map<string, ReturnType<typeof contactEntity>>;
  fundAccounts: Map<string, ReturnType<typeof fundAccountEntity>>;
  validations: Map<string, { id: string; fundAccount: ReturnType<typeof fundAccountEntity>; notes: Record<string, string> }>;
  /** the verdict the bank gives each validation when it is fetched again */
  verdicts: Map<string, Parameters<typeof validationEntity>[1]>;
  payouts: Map<string, { fields: PayoutFields; status: PayoutStatus; details: StatusDetails | null; createdAt: number }>;
  /** X-Payout-Idempotency key → payout id and the body it was made with */
  keys: Map<string, { payoutId: string; body: string }>;
  transactions: ReturnType<typeof payoutTransaction | typeof bankTransferTransaction>[];
  /** answer the next payout creation's request with this (after making the payout): a lost answer */
  loseNextAnswer: boolean;
}
const bank: Bank = {
  contacts: new Map(),
  fundAccounts: new Map(),
  validations: new Map(),
  verdicts: new Map(),
  payouts: new Map(),
  keys: new Map(),
  transactions: [],
  loseNextAnswer: false,
};
let seq = 0;
const nextId = (prefix: string) => `${prefix}_${String(++seq).padStart(14, '0')}`;

const payoutOf = (payoutId: string) => {
  const payout = bank.payouts.get(payoutId)!;
  return payoutEntity(payout.fields, payout.status, { status_details: payout.details, created_at: payout.createdAt });
};

/** The fields of the documented requests (contacts, fund accounts, validations, payouts). */
interface RequestFields {
  name: string;
  type: string;
  reference_id: string;
  contact_id: string;
  account_type: 'bank_account' | 'vpa';
  bank_account: { name: string; ifsc: string; account_number: string };
  vpa: { address: string };
  account_number: string;
  fund_account: { id: string };
  fund_account_id: string;
  amount: number;
  mode: 'IMPS' | 'UPI';
  narration: string;
  notes: Record<string, string>;
}

/** RazorpayX's API as its pages document it; every call must carry the key id and secret. */
const razorpayX = (request: ReceivedRequest): ReplayedAnswer => {
  if (request.authorization !== basicAuth(KEY_ID, KEY_SECRET))
    return razorpayXError(401, 'The api key provided is invalid', null, 'BAD_REQUEST_ERROR');
  const url = new URL(request.path, 'http://razorpayx');
  const body = (request.body ?? {}) as unknown as RequestFields;
  if (request.method === 'POST' && url.pathname === '/v1/contacts') {
    const contact = contactEntity({ id: nextId('cont'), name: body.name, type: body.type, reference_id: body.reference_id });
    bank.contacts.set(contact.id, contact);
    return { status: 200, body: contact };
  }
  if (request.method === 'POST' && url.pathname === '/v1/fund_accounts') {
    if (!bank.contacts.has(body.contact_id)) return razorpayXError(400, 'The id provided does not exist', 'contact_id');
    const details = (
      body.account_type === 'vpa'
        ? { account_type: 'vpa', vpa: body.vpa }
        : { account_type: 'bank_account', bank_account: body.bank_account }
    ) as FundAccountDetails;
    const account = fundAccountEntity(nextId('fa'), body.contact_id, details);
    bank.fundAccounts.set(account.id, account);
    return { status: 200, body: account };
  }
  if (request.method === 'POST' && url.pathname === '/v1/fund_accounts/validations') {
    const fundAccount = bank.fundAccounts.get(body.fund_account.id);
    if (!fundAccount || body.account_number !== RAZORPAYX_ACCOUNT_NUMBER) return razorpayXError(400, 'The id provided does not exist');
    const validation = { id: nextId('fav'), fundAccount, notes: body.notes };
    bank.validations.set(validation.id, validation);
    return { status: 200, body: validationEntity(validation, { status: 'created' }) };
  }
  const validationId = /^\/v1\/fund_accounts\/validations\/([^/]+)$/.exec(url.pathname)?.[1];
  if (request.method === 'GET' && validationId) {
    const validation = bank.validations.get(validationId);
    if (!validation) return razorpayXError(400, 'The id provided does not exist');
    return { status: 200, body: validationEntity(validation, bank.verdicts.get(validationId) ?? { status: 'created' }) };
  }
  if (request.method === 'POST' && url.pathname === '/v1/payouts') {
    const key = request.headers['x-payout-idempotency'];
    if (typeof key !== 'string') {
      return razorpayXError(400, 'Idempotency key is missing. Include idempotency header and key in the request.', 'X-Payout-Idempotency');
    }
    const raw = JSON.stringify(body);
    const known = bank.keys.get(key);
    if (known && known.body !== raw) return razorpayXError(400, 'Different request body sent for the same idempotency header');
    if (!known) {
      const payout: PayoutFields = {
        id: nextId('pout'),
        fund_account_id: body.fund_account_id,
        amount: body.amount,
        mode: body.mode,
        reference_id: body.reference_id,
        narration: body.narration,
        notes: body.notes,
      };
      bank.payouts.set(payout.id, { fields: payout, status: 'queued', details: null, createdAt: 1_795_421_000 + seq });
      bank.keys.set(key, { payoutId: payout.id, body: raw });
    }
    if (bank.loseNextAnswer) {
      bank.loseNextAnswer = false;
      return {
        status: 504,
        body: { error: { code: 'SERVER_ERROR', description: 'Gateway timeout', source: 'internal', reason: 'server_error' } },
      };
    }
    return { status: 200, body: payoutOf(bank.keys.get(key)!.payoutId) };
  }
  const payoutId = /^\/v1\/payouts\/([^/]+)$/.exec(url.pathname)?.[1];
  if (request.method === 'GET' && payoutId) {
    return bank.payouts.has(payoutId) ? { status: 200, body: payoutOf(payoutId) } : razorpayXError(400, 'The id provided does not exist');
  }
  if (request.method === 'GET' && url.pathname === '/v1/payouts') {
    if (url.searchParams.get('account_number') !== RAZORPAYX_ACCOUNT_NUMBER)
      return razorpayXError(400, 'The account number field is required.', 'account_number');
    const reference = url.searchParams.get('reference_id');
    return {
      status: 200,
      body: collection([...bank.payouts.keys()].map(payoutOf).filter((payout) => reference === null || payout.reference_id === reference)),
    };
  }
  if (request.method === 'GET' && url.pathname === '/v1/transactions') {
    if (url.searchParams.get('account_number') !== RAZORPAYX_ACCOUNT_NUMBER)
      return razorpayXError(400, 'The account number field is required.', 'account_number');
    const from = Number(url.searchParams.get('from'));
    const to = Number(url.searchParams.get('to'));
    const count = Number(url.searchParams.get('count') ?? 10);
    const skip = Number(url.searchParams.get('skip') ?? 0);
    const within = bank.transactions.filter((line) => line.created_at >= from && line.created_at <= to);
    return { status: 200, body: collection(within.slice(skip, skip + count)) };
  }
  return razorpayXError(404, 'The requested URL was not found on the server.', null, 'NOT_FOUND');
};

let server: ReplayServer;
let gateway: RazorpayXPayoutGateway;
beforeAll(async () => {
  server = await startReplayServer(razorpayX);
  const settings: RazorpayXSettings = {
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    accountNumber: RAZORPAYX_ACCOUNT_NUMBER,
    webhookSecret: WEBHOOK_SECRET,
    apiBase: server.baseUrl,
  };
  gateway = new RazorpayXPayoutGateway(settings);
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => {
  server.received.length = 0;
});

const bankAccount: PayoutDestination = {
  market: 'IN',
  kind: 'bank',
  holderName: 'Asha Verma',
  accountNumber: '1234567890123',
  ifsc: 'HDFC0001234',
};
const upiId: PayoutDestination = { market: 'IN', kind: 'upi', holderName: 'Asha Verma', vpa: 'borrower@okhdfcbank' };

let payoutSeq = 0;
const newPayout = (gatewayAccountId: string, destination: PayoutDestination = bankAccount, amountMinor = 25_000_00): NewPayout => {
  payoutSeq += 1;
  return {
    idempotencyKey: `5f0c2a1e-8d3b-4c6a-9e7f-${String(payoutSeq).padStart(12, '0')}`,
    reference: `K10${payoutSeq}204-1`,
    market: 'IN',
    amountMinor,
    destination,
    gatewayAccountId,
    narration: 'Asha Verma',
  };
};

/** A validated destination's fund account, as validateDestination leaves it. */
const fundAccountFor = async (destination: PayoutDestination) =>
  (await gateway.validateDestination({ reference: 'acct-1', destination })).gatewayAccountId!;

describe('RazorpayX fund account validation', () => {
  it('creates a contact and a bank account fund account, validates it (₹1 from the business account), pending until the bank answers, then valid with the registered name', async () => {
    const validation = await gateway.validateDestination({ reference: 'acct-42', destination: bankAccount });
    expect(validation).toMatchObject({ status: 'pending', registeredName: null });
    expect(validation.gatewayAccountId).toMatch(/^fa_/);
    expect(validation.validationRef).toMatch(/^fav_/);
    const [contact, fundAccount, validate] = server.received;
    for (const request of server.received) expect(request.authorization).toBe(basicAuth(KEY_ID, KEY_SECRET));
    expect([contact!.method, contact!.path]).toEqual(['POST', '/v1/contacts']);
    expect(contact!.body).toEqual({ name: 'Asha Verma', type: 'customer', reference_id: 'acct-42' });
    expect([fundAccount!.method, fundAccount!.path]).toEqual(['POST', '/v1/fund_accounts']);
    expect(fundAccount!.body).toMatchObject({
      account_type: 'bank_account',
      bank_account: { name: 'Asha Verma', ifsc: 'HDFC0001234', account_number: '1234567890123' },
    });
    expect(fundAccount!.body!.contact_id).toMatch(/^cont_/);
    expect([validate!.method, validate!.path]).toEqual(['POST', '/v1/fund_accounts/validations']);
    expect(validate!.body).toEqual({
      account_number: RAZORPAYX_ACCOUNT_NUMBER,
      fund_account: { id: validation.gatewayAccountId },
      amount: 100,
      currency: 'INR',
      notes: { reference: 'acct-42' },
    });

    bank.verdicts.set(validation.validationRef!, { status: 'completed', accountStatus: 'active', registeredName: 'ASHA VERMA' });
    const completed = await gateway.lookupValidation({ validationRef: validation.validationRef! });
    expect(server.received.at(-1)).toMatchObject({ method: 'GET', path: `/v1/fund_accounts/validations/${validation.validationRef}` });
    expect(completed).toEqual({
      status: 'valid',
      registeredName: 'ASHA VERMA',
      gatewayAccountId: validation.gatewayAccountId,
      validationRef: validation.validationRef,
      reason: null,
    });
  });

  it('validates a UPI ID as a vpa fund account (no amount) and answers invalid when the bank says so', async () => {
    const validation = await gateway.validateDestination({ reference: 'acct-43', destination: upiId });
    const fundAccount = server.received.find((request) => request.path === '/v1/fund_accounts')!;
    expect(fundAccount.body).toMatchObject({ account_type: 'vpa', vpa: { address: 'borrower@okhdfcbank' } });
    const validate = server.received.find((request) => request.path === '/v1/fund_accounts/validations')!;
    expect(validate.body).toEqual({
      account_number: RAZORPAYX_ACCOUNT_NUMBER,
      fund_account: { id: validation.gatewayAccountId },
      notes: { reference: 'acct-43' },
    });
    bank.verdicts.set(validation.validationRef!, { status: 'completed', accountStatus: 'invalid', registeredName: null });
    expect(await gateway.lookupValidation({ validationRef: validation.validationRef! })).toMatchObject({
      status: 'invalid',
      registeredName: null,
    });
  });

  it('throws a gateway error for a validation that failed on a technical error, so it is asked again rather than called invalid', async () => {
    const validation = await gateway.validateDestination({ reference: 'acct-44', destination: bankAccount });
    bank.verdicts.set(validation.validationRef!, { status: 'failed' });
    await expect(gateway.lookupValidation({ validationRef: validation.validationRef! })).rejects.toBeInstanceOf(GatewayError);
  });
});

describe('RazorpayX payouts', () => {
  it('creates a payout from the business account to the fund account by IMPS, in paise, with the idempotency key, queued if the balance is low', async () => {
    const fundAccountId = await fundAccountFor(bankAccount);
    server.received.length = 0;
    const request = newPayout(fundAccountId);
    const state = await gateway.createPayout(request);
    expect(state).toMatchObject({ status: 'processing', utr: null, failureCode: null, retryable: false });
    expect(state.gatewayPayoutId).toMatch(/^pout_/);
    const [sent] = server.received;
    expect([sent!.method, sent!.path, sent!.authorization]).toEqual(['POST', '/v1/payouts', basicAuth(KEY_ID, KEY_SECRET)]);
    expect(sent!.headers['x-payout-idempotency']).toBe(request.idempotencyKey);
    expect(sent!.body).toEqual({
      account_number: RAZORPAYX_ACCOUNT_NUMBER,
      fund_account_id: fundAccountId,
      amount: 25_000_00,
      currency: 'INR',
      mode: 'IMPS',
      purpose: 'payout',
      queue_if_low_balance: true,
      reference_id: request.reference,
      narration: `Kilat loan K10${payoutSeq}204 1`,
      notes: { reference: request.reference, borrower: 'Asha Verma' },
    });
    expect((sent!.body!.narration as string).length).toBeLessThanOrEqual(30);
  });

  it('sends a UPI ID by UPI, and refuses above the UPI limit or without a fund account before calling RazorpayX', async () => {
    const fundAccountId = await fundAccountFor(upiId);
    server.received.length = 0;
    await gateway.createPayout(newPayout(fundAccountId, upiId, 50_000_00));
    expect(server.received[0]!.body!.mode).toBe('UPI');
    await expect(gateway.createPayout(newPayout(fundAccountId, upiId, 1_00_000_01))).rejects.toThrow(/UPI limit/);
    await expect(gateway.createPayout({ ...newPayout(fundAccountId), gatewayAccountId: null })).rejects.toThrow(/fund account/);
    await expect(gateway.createPayout({ ...newPayout(fundAccountId), idempotencyKey: 'x' })).rejects.toThrow(/idempotency key/);
    expect(server.received).toHaveLength(1);
  });

  it('re-sends a payout whose answer was lost under the same key, and RazorpayX answers the one payout it made', async () => {
    const fundAccountId = await fundAccountFor(bankAccount);
    server.received.length = 0;
    const request = newPayout(fundAccountId);
    bank.loseNextAnswer = true;
    await expect(gateway.createPayout(request)).rejects.toBeInstanceOf(GatewayError);
    const retried = await gateway.createPayout(request);
    expect(server.received.map((sent) => sent.headers['x-payout-idempotency'])).toEqual([request.idempotencyKey, request.idempotencyKey]);
    expect(server.received[0]!.body).toEqual(server.received[1]!.body);
    expect([...bank.payouts.values()].filter((payout) => payout.fields.reference_id === request.reference)).toHaveLength(1);
    expect(retried.gatewayPayoutId).toBe(bank.keys.get(request.idempotencyKey)!.payoutId);
  });

  it('after a crash finds the payout by our reference (not_found when RazorpayX never received it), and by its id', async () => {
    const fundAccountId = await fundAccountFor(bankAccount);
    const request = newPayout(fundAccountId);
    server.received.length = 0;
    expect(
      await gateway.lookupPayout({ reference: request.reference, idempotencyKey: request.idempotencyKey, gatewayPayoutId: null }),
    ).toBe('not_found');
    const lookup = new URL(server.received[0]!.path, 'http://razorpayx');
    expect(lookup.pathname).toBe('/v1/payouts');
    expect(Object.fromEntries(lookup.searchParams)).toEqual({ account_number: RAZORPAYX_ACCOUNT_NUMBER, reference_id: request.reference });

    const made = await gateway.createPayout(request);
    const payout = bank.payouts.get(made.gatewayPayoutId)!;
    payout.status = 'processed';
    const found = await gateway.lookupPayout({
      reference: request.reference,
      idempotencyKey: request.idempotencyKey,
      gatewayPayoutId: null,
    });
    expect(found).toMatchObject({ status: 'processed', gatewayPayoutId: made.gatewayPayoutId });
    expect(
      await gateway.lookupPayout({
        reference: request.reference,
        idempotencyKey: request.idempotencyKey,
        gatewayPayoutId: made.gatewayPayoutId,
      }),
    ).toMatchObject({
      status: 'processed',
    });
    expect(server.received.at(-1)!.path).toBe(`/v1/payouts/${made.gatewayPayoutId}`);
    expect(
      await gateway.lookupPayout({
        reference: request.reference,
        idempotencyKey: request.idempotencyKey,
        gatewayPayoutId: 'pout_00000000009999',
      }),
    ).toBe('not_found');
  });

  it('maps a failure by its status details: a bank or gateway error is retryable, a business one final', async () => {
    const fundAccountId = await fundAccountFor(bankAccount);
    const lookupOf = async (details: StatusDetails, status: PayoutStatus = 'failed') => {
      const request = newPayout(fundAccountId);
      const made = await gateway.createPayout(request);
      Object.assign(bank.payouts.get(made.gatewayPayoutId)!, { status, details });
      return gateway.lookupPayout({
        reference: request.reference,
        idempotencyKey: request.idempotencyKey,
        gatewayPayoutId: made.gatewayPayoutId,
      });
    };
    expect(
      await lookupOf({ source: 'beneficiary_bank', reason: 'beneficiary_bank_down', description: 'Beneficiary bank is down' }),
    ).toMatchObject({
      status: 'failed',
      failureCode: 'beneficiary_bank_down',
      failureReason: 'Beneficiary bank is down',
      retryable: true,
    });
    expect(await lookupOf({ source: 'gateway', reason: 'gateway_timeout', description: 'Partner bank timed out' })).toMatchObject({
      retryable: true,
    });
    expect(
      await lookupOf({ source: 'business', reason: 'invalid_beneficiary_details', description: 'Beneficiary details are invalid' }),
    ).toMatchObject({
      status: 'failed',
      retryable: false,
    });
    expect(
      await lookupOf({
        source: 'business',
        reason: 'amount_limit_exhausted',
        description: 'The NEFT 24*7 limits for your account has been exhausted. Please retry after sometime',
      }),
    ).toMatchObject({ retryable: true });
    expect(
      await lookupOf({
        source: 'beneficiary_bank',
        reason: 'imps_not_allowed',
        description: 'IMPS is not enabled on beneficiary account, Retry with different mode',
      }),
    ).toMatchObject({ retryable: false });
    expect(
      await lookupOf({ source: 'beneficiary_bank', reason: 'beneficiary_bank_rejected', description: 'Returned' }, 'reversed'),
    ).toMatchObject({
      status: 'reversed',
      failureCode: 'beneficiary_bank_rejected',
    });
    expect(
      await lookupOf({ source: 'business', reason: 'payout_rejected', description: 'Rejected by approver' }, 'rejected'),
    ).toMatchObject({
      status: 'cancelled',
      retryable: false,
    });
  });
});

describe('RazorpayX payout webhooks', () => {
  const fields: PayoutFields = {
    id: 'pout_00000000077701',
    fund_account_id: 'fa_00000000077701',
    amount: 25_000_00,
    mode: 'IMPS',
    reference_id: 'K10777204-1',
    narration: 'Kilat loan K10777204 1',
    notes: { reference: 'K10777204-1' },
  };
  const deliver = (event: unknown, options: { secret?: string; eventId?: string; tamper?: (raw: string) => string } = {}) => {
    const raw = JSON.stringify(event);
    const headers: Record<string, string> = { [RAZORPAY_SIGNATURE_HEADER]: razorpayXSignature(options.secret ?? WEBHOOK_SECRET, raw) };
    if (options.eventId) headers[RAZORPAYX_EVENT_ID_HEADER] = options.eventId;
    return gateway.verifyWebhook(Buffer.from(options.tamper ? options.tamper(raw) : raw), headers);
  };

  it('verifies payout.processed by its HMAC-SHA256 signature and maps it, with the UTR, the event id of the header and when RazorpayX told it', () => {
    const event = payoutEvent('payout.processed', payoutEntity(fields, 'processed', { utr: '533012345678' }), 1_795_421_200);
    expect(deliver(event, { eventId: 'evt_00000000000001' })).toEqual({
      id: 'evt_00000000000001',
      reference: 'K10777204-1',
      state: {
        status: 'processed',
        gatewayPayoutId: fields.id,
        utr: '533012345678',
        failureCode: null,
        failureReason: null,
        retryable: false,
        occurredAt: new Date(1_795_421_200_000).toISOString(),
      },
    });
  });

  it('refuses a delivery signed with another secret, an altered body, and one without a signature', () => {
    const event = payoutEvent('payout.processed', payoutEntity(fields, 'processed'));
    expect(deliver(event, { secret: 'not-the-webhook-secret' })).toBeNull();
    expect(deliver(event, { tamper: (raw) => raw.replace('"processed"', '"reversed"') })).toBeNull();
    expect(gateway.verifyWebhook(Buffer.from(JSON.stringify(event)), {})).toBeNull();
  });

  it('gives a re-delivered event the same id (the header), so the route stores it once', () => {
    const event = payoutEvent(
      'payout.failed',
      payoutEntity(fields, 'failed', { status_details: { source: 'gateway', reason: 'gateway_timeout', description: 't' } }),
    );
    const first = deliver(event, { eventId: 'evt_00000000000002' });
    const again = deliver(event, { eventId: 'evt_00000000000002' });
    expect(first).toEqual(again);
    // without the header, the payout and its status identify the event (RazorpayX's advice for deduplication)
    expect(deliver(event)).toMatchObject({ id: `payout.failed:${fields.id}:failed` });
  });

  it('maps events whatever their order: a late payout.queued after payout.processed is still processing, for the consumer to keep the later state', () => {
    const processed = deliver(payoutEvent('payout.processed', payoutEntity(fields, 'processed', { utr: '533012345678' })), {
      eventId: 'evt_3',
    });
    const lateQueued = deliver(
      payoutEvent(
        'payout.queued',
        payoutEntity(fields, 'queued', { status_details: { source: 'business', reason: 'low_balance', description: 'Low balance' } }),
      ),
      {
        eventId: 'evt_4',
      },
    );
    expect(processed).toMatchObject({ state: { status: 'processed' } });
    expect(lateQueued).toMatchObject({
      state: { status: 'processing', failureCode: null, retryable: false, failureReason: 'Low balance' },
    });
  });

  it('maps payout.updated with the UTR, payout.reversed and payout.failed, and ignores an authentic event about something else', () => {
    expect(
      deliver(payoutEvent('payout.updated', payoutEntity(fields, 'processing', { utr: '533012345679' })), { eventId: 'evt_5' }),
    ).toMatchObject({
      state: { status: 'processing', utr: '533012345679' },
    });
    expect(
      deliver(
        payoutEvent(
          'payout.reversed',
          payoutEntity(fields, 'reversed', {
            status_details: { source: 'beneficiary_bank', reason: 'beneficiary_bank_rejected', description: 'r' },
          }),
        ),
        {
          eventId: 'evt_6',
        },
      ),
    ).toMatchObject({ state: { status: 'reversed', retryable: true } });
    expect(
      deliver(
        payoutEvent(
          'payout.failed',
          payoutEntity(fields, 'failed', {
            status_details: { source: 'business', reason: 'invalid_beneficiary_details', description: 'f' },
          }),
        ),
        {
          eventId: 'evt_7',
        },
      ),
    ).toMatchObject({ state: { status: 'failed', retryable: false, failureCode: 'invalid_beneficiary_details' } });
    const fundAccount = fundAccountEntity('fa_1', 'cont_1', { account_type: 'vpa', vpa: { address: 'a@b' } });
    expect(deliver(validationEvent(validationEntity({ id: 'fav_1', fundAccount, notes: {} }, { status: 'created' })))).toEqual({
      ignored: 'fund_account.validation.completed',
    });
  });
});

describe('RazorpayX account statement', () => {
  it("lists the business account's payout debits and payout credits between two instants, page by page, leaving bank transfers out", async () => {
    bank.transactions.length = 0;
    const base = 1_795_500_000;
    const payouts = Array.from({ length: 101 }, (_, index) =>
      payoutEntity(
        {
          ...{ fund_account_id: 'fa_1', mode: 'IMPS' as const, reference_id: `K${index}`, narration: 'n', notes: {} },
          id: `pout_stmt${String(index).padStart(6, '0')}`,
          amount: 1_000_00 + index,
        },
        'processed',
      ),
    );
    for (const [index, payout] of payouts.entries()) bank.transactions.push(payoutTransaction(`txn_p${index}`, payout, base + index));
    bank.transactions.push(bankTransferTransaction('txn_topup', 50_000_00, base + 200));
    bank.transactions.push(payoutTransaction('txn_back', payouts[0]!, base + 300, 'credit'));
    bank.transactions.push(payoutTransaction('txn_later', payouts[1]!, base + 10_000));
    server.received.length = 0;
    const rows = await gateway.listTransactions({ from: new Date(base * 1000), to: new Date((base + 400) * 1000) });
    expect(server.received.map((request) => Object.fromEntries(new URL(request.path, 'http://x').searchParams))).toEqual([
      { account_number: RAZORPAYX_ACCOUNT_NUMBER, from: String(base), to: String(base + 400), count: '100', skip: '0' },
      { account_number: RAZORPAYX_ACCOUNT_NUMBER, from: String(base), to: String(base + 400), count: '100', skip: '100' },
    ]);
    expect(rows).toHaveLength(102);
    expect(rows[0]).toEqual({
      gatewayPayoutId: 'pout_stmt000000',
      reference: null,
      kind: 'payout',
      amountMinor: 1_000_00,
      occurredAt: new Date(base * 1000).toISOString(),
    });
    expect(rows.at(-1)).toMatchObject({ gatewayPayoutId: 'pout_stmt000000', kind: 'reversal', amountMinor: 1_000_00 });
  });
});
