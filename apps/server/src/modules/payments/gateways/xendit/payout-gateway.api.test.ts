/**
 * Xendit Payouts v2 against a local HTTP server replaying its documented exchanges
 * (payout-exchanges.ts): payouts with the Idempotency-key header in whole rupiah, lookup by id and
 * by reference after a crash, the callback-token webhooks and the balance's transactions. Real
 * HTTP, so the adapter's fetch, auth, headers and parsing all run.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { XenditPayoutSettings } from '../../../../config.js';
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
  type XenditFailureCode,
  type XenditPayoutFields,
  type XenditPayoutStatus,
  xenditError,
  xenditPayout,
  xenditPayoutWebhook,
  xenditTransaction,
  xenditTransactionPage,
} from './payout-exchanges.js';
import { XENDIT_CALLBACK_TOKEN_HEADER, XENDIT_FIRST_PAYOUT_REF, XenditPayoutGateway } from './payout-gateway.js';

const SECRET_KEY = 'xnd_development_P0ZBGDJ0tGhZVeQn7Hb1Nc5Vd8Fg';
const CALLBACK_TOKEN = 'MuaJALKJSDK12LASHDJKAJSHDJKAJSHDjkasdjhakjsdhakjsdhkjashd';

interface RequestFields {
  reference_id: string;
  channel_code: string;
  channel_properties: { account_number: string; account_holder_name: string };
  amount: number;
  currency: string;
  description: string;
}

/** What the replayed Xendit holds. */
const xendit = {
  payouts: new Map<string, { fields: XenditPayoutFields; status: XenditPayoutStatus; failure?: XenditFailureCode; created: string }>(),
  /** Idempotency-key → payout id and the body it was made with */
  keys: new Map<string, { payoutId: string; body: string }>(),
  /** how a re-sent key is answered: the first payout (v3's documented behaviour) or DUPLICATE_TRANSACTION_ERROR (v2's error list) */
  duplicateKey: 'same payout' as 'same payout' | 'error',
  loseNextAnswer: false,
  transactions: [] as ReturnType<typeof xenditTransaction>[],
};
let seq = 0;

const payoutOf = (id: string) => {
  const payout = xendit.payouts.get(id)!;
  return xenditPayout(payout.fields, payout.status, {
    ...(payout.failure ? { failure_code: payout.failure } : {}),
    created: payout.created,
  });
};

const xenditApi = (request: ReceivedRequest): ReplayedAnswer => {
  if (request.authorization !== basicAuth(SECRET_KEY, '')) return xenditError(401, 'INVALID_API_KEY', 'API key is invalid');
  const url = new URL(request.path, 'http://xendit');
  if (request.method === 'POST' && url.pathname === '/v2/payouts') {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || key.length === 0) return xenditError(400, 'API_VALIDATION_ERROR', 'Idempotency-key header is required');
    const body = request.body as unknown as RequestFields;
    if (!Number.isInteger(body.amount)) return xenditError(400, 'API_VALIDATION_ERROR', 'amount must be an integer for IDR');
    const raw = JSON.stringify(body);
    const known = xendit.keys.get(key);
    if (known) {
      if (known.body !== raw || xendit.duplicateKey === 'error')
        return xenditError(409, 'DUPLICATE_TRANSACTION_ERROR', 'Idempotency key has been used before');
      return { status: 200, body: payoutOf(known.payoutId) };
    }
    const id = `disb-${String(++seq).padStart(24, '0')}`;
    xendit.payouts.set(id, {
      fields: {
        id,
        reference_id: body.reference_id,
        channel_code: body.channel_code,
        account_number: body.channel_properties.account_number,
        account_holder_name: body.channel_properties.account_holder_name,
        amount: body.amount,
        description: body.description,
      },
      status: 'ACCEPTED',
      created: new Date(Date.UTC(2026, 10, 26, 3, 0, seq)).toISOString(),
    });
    xendit.keys.set(key, { payoutId: id, body: raw });
    if (xendit.loseNextAnswer) {
      xendit.loseNextAnswer = false;
      return xenditError(500, 'SERVER_ERROR', 'There was an error connecting to our server');
    }
    return { status: 200, body: payoutOf(id) };
  }
  const byId = /^\/v2\/payouts\/([^/]+)$/.exec(url.pathname)?.[1];
  if (request.method === 'GET' && byId) {
    return xendit.payouts.has(byId) ? { status: 200, body: payoutOf(byId) } : xenditError(404, 'DATA_NOT_FOUND', 'Payout not found');
  }
  if (request.method === 'GET' && url.pathname === '/v2/payouts') {
    const reference = url.searchParams.get('reference_id');
    return { status: 200, body: [...xendit.payouts.keys()].map(payoutOf).filter((payout) => payout.reference_id === reference) };
  }
  if (request.method === 'GET' && url.pathname === '/transactions') {
    const gte = Date.parse(url.searchParams.get('created[gte]')!);
    const lte = Date.parse(url.searchParams.get('created[lte]')!);
    const limit = Number(url.searchParams.get('limit'));
    const afterId = url.searchParams.get('after_id');
    const types = url.searchParams.getAll('types');
    const within = xendit.transactions.filter(
      (line) => types.includes(line.type) && Date.parse(line.created) >= gte && Date.parse(line.created) <= lte,
    );
    const start = afterId ? within.findIndex((line) => line.id === afterId) + 1 : 0;
    const page = within.slice(start, start + limit);
    return { status: 200, body: xenditTransactionPage(page, start + limit < within.length) };
  }
  return xenditError(404, 'NOT_FOUND', 'The requested resource was not found');
};

let server: ReplayServer;
let gateway: XenditPayoutGateway;
beforeAll(async () => {
  server = await startReplayServer(xenditApi);
  const settings: XenditPayoutSettings = { secretKey: SECRET_KEY, callbackToken: CALLBACK_TOKEN, apiBase: server.baseUrl };
  gateway = new XenditPayoutGateway(settings);
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => {
  server.received.length = 0;
  xendit.duplicateKey = 'same payout';
});

const bca: PayoutDestination = {
  market: 'ID',
  kind: 'bank',
  holderName: 'Budi Santoso',
  accountNumber: '1234567890',
  channelCode: 'ID_BCA',
};
const ovo: PayoutDestination = { market: 'ID', kind: 'ewallet', holderName: 'Budi Santoso', phone: '081234567890', channelCode: 'ID_OVO' };

let payoutSeq = 0;
const newPayout = (destination: PayoutDestination = bca, amountMinor = 1_500_000_00): NewPayout => {
  payoutSeq += 1;
  return {
    idempotencyKey: `7a1c4e2b-1f0d-4b8e-9c3a-${String(payoutSeq).padStart(12, '0')}`,
    reference: `K20${payoutSeq}881-1`,
    market: 'ID',
    amountMinor,
    destination,
    gatewayAccountId: null,
    narration: 'Budi Santoso',
  };
};

describe('Xendit destinations (decision 127: no account check is documented)', () => {
  it('finds a number that fits its channel pending until the first payout, and one that does not fit invalid, asking Xendit nothing', async () => {
    expect(gateway.destinationCheck).toBe('first_payout');
    expect(await gateway.validateDestination({ reference: 'acct-1', destination: bca })).toEqual({
      status: 'pending',
      registeredName: null,
      gatewayAccountId: null,
      validationRef: XENDIT_FIRST_PAYOUT_REF,
      reason: null,
    });
    expect(await gateway.validateDestination({ reference: 'acct-1', destination: ovo })).toMatchObject({ status: 'pending' });
    expect(await gateway.validateDestination({ reference: 'acct-1', destination: { ...bca, accountNumber: '12345' } })).toMatchObject({
      status: 'invalid',
      reason: expect.stringMatching(/ID_BCA: length/),
    });
    expect(await gateway.validateDestination({ reference: 'acct-1', destination: { ...ovo, phone: '6281234567890' } })).toMatchObject({
      status: 'invalid',
    });
    expect(await gateway.lookupValidation({ validationRef: XENDIT_FIRST_PAYOUT_REF })).toMatchObject({ status: 'pending' });
    expect(server.received).toHaveLength(0);
  });
});

describe('Xendit payouts', () => {
  it('creates a payout to a bank account in whole rupiah, with the Idempotency-key, our reference and the holder name', async () => {
    const request = newPayout();
    const state = await gateway.createPayout(request);
    expect(state).toMatchObject({ status: 'processing', utr: null, failureCode: null, retryable: false, occurredAt: null });
    expect(state.gatewayPayoutId).toMatch(/^disb-/);
    const [sent] = server.received;
    expect([sent!.method, sent!.path, sent!.authorization]).toEqual(['POST', '/v2/payouts', basicAuth(SECRET_KEY, '')]);
    expect(sent!.headers['idempotency-key']).toBe(request.idempotencyKey);
    expect(sent!.body).toEqual({
      reference_id: request.reference,
      channel_code: 'ID_BCA',
      channel_properties: { account_number: '1234567890', account_holder_name: 'Budi Santoso' },
      amount: 1_500_000,
      currency: 'IDR',
      description: `Kilat loan ${request.reference}`,
    });
  });

  it('sends to an e-wallet by its phone, and refuses sen, a number that does not fit, or another market before calling Xendit', async () => {
    await gateway.createPayout(newPayout(ovo, 500_000_00));
    expect(server.received[0]!.body).toMatchObject({
      channel_code: 'ID_OVO',
      channel_properties: { account_number: '081234567890' },
      amount: 500_000,
    });
    await expect(gateway.createPayout(newPayout(bca, 1_500_000_50))).rejects.toThrow(/whole/);
    await expect(gateway.createPayout(newPayout({ ...bca, accountNumber: '123' }))).rejects.toThrow(/does not fit ID_BCA/);
    await expect(
      gateway.createPayout({ ...newPayout(), destination: { market: 'IN', kind: 'upi', holderName: 'A', vpa: 'a@b' } }),
    ).rejects.toThrow(/Indonesian/);
    expect(server.received).toHaveLength(1);
  });

  it('re-sends a payout whose answer was lost under the same key, whether Xendit answers the payout again or calls the key used', async () => {
    for (const behaviour of ['same payout', 'error'] as const) {
      server.received.length = 0;
      xendit.duplicateKey = behaviour;
      const request = newPayout();
      xendit.loseNextAnswer = true;
      await expect(gateway.createPayout(request)).rejects.toBeInstanceOf(GatewayError);
      const retried = await gateway.createPayout(request);
      const sends = server.received.filter((sent) => sent.method === 'POST');
      expect(sends.map((sent) => sent.headers['idempotency-key'])).toEqual([request.idempotencyKey, request.idempotencyKey]);
      expect([...xendit.payouts.values()].filter((payout) => payout.fields.reference_id === request.reference)).toHaveLength(1);
      expect(retried).toMatchObject({ status: 'processing', gatewayPayoutId: xendit.keys.get(request.idempotencyKey)!.payoutId });
    }
  });

  it('after a crash finds the payout by our reference (not_found when Xendit never received it), and by its id', async () => {
    const request = newPayout();
    expect(
      await gateway.lookupPayout({ reference: request.reference, idempotencyKey: request.idempotencyKey, gatewayPayoutId: null }),
    ).toBe('not_found');
    const lookup = new URL(server.received[0]!.path, 'http://xendit');
    expect([lookup.pathname, lookup.searchParams.get('reference_id')]).toEqual(['/v2/payouts', request.reference]);
    const made = await gateway.createPayout(request);
    xendit.payouts.get(made.gatewayPayoutId)!.status = 'SUCCEEDED';
    expect(
      await gateway.lookupPayout({ reference: request.reference, idempotencyKey: request.idempotencyKey, gatewayPayoutId: null }),
    ).toMatchObject({
      status: 'processed',
      gatewayPayoutId: made.gatewayPayoutId,
    });
    expect(
      await gateway.lookupPayout({
        reference: request.reference,
        idempotencyKey: request.idempotencyKey,
        gatewayPayoutId: made.gatewayPayoutId,
      }),
    ).toMatchObject({
      status: 'processed',
      occurredAt: expect.any(String),
    });
    expect(server.received.at(-1)!.path).toBe(`/v2/payouts/${made.gatewayPayoutId}`);
    expect(
      await gateway.lookupPayout({
        reference: request.reference,
        idempotencyKey: request.idempotencyKey,
        gatewayPayoutId: 'disb-000000000000000000009999',
      }),
    ).toBe('not_found');
  });

  it('maps each documented failure code to retryable or final, and REQUESTED to processing', async () => {
    const stateOf = async (status: XenditPayoutStatus, failure?: XenditFailureCode) => {
      const request = newPayout();
      const made = await gateway.createPayout(request);
      Object.assign(xendit.payouts.get(made.gatewayPayoutId)!, { status, failure });
      return gateway.lookupPayout({
        reference: request.reference,
        idempotencyKey: request.idempotencyKey,
        gatewayPayoutId: made.gatewayPayoutId,
      });
    };
    expect(await stateOf('REQUESTED')).toMatchObject({ status: 'processing' });
    const expected: [XenditFailureCode, boolean][] = [
      ['INSUFFICIENT_BALANCE', true],
      ['TEMPORARY_TRANSFER_ERROR', true],
      ['REJECTED_BY_CHANNEL', true],
      ['UNKNOWN_BANK_NETWORK_ERROR', true],
      ['INVALID_DESTINATION', false],
      ['TRANSFER_ERROR', false],
      ['DESTINATION_MAXIMUM_LIMIT', false],
    ];
    for (const [code, retryable] of expected) {
      expect(await stateOf('FAILED', code)).toMatchObject({ status: 'failed', failureCode: code, retryable });
    }
    expect(await stateOf('REVERSED')).toMatchObject({ status: 'reversed', retryable: false });
    expect(await stateOf('CANCELLED')).toMatchObject({ status: 'cancelled', retryable: false });
    expect(await stateOf('COMPLIANCE_REJECTED')).toMatchObject({ status: 'failed', failureCode: 'COMPLIANCE_REJECTED', retryable: false });
  });
});

describe('Xendit payout webhooks', () => {
  const fields: XenditPayoutFields = {
    id: 'disb-571f3644d2b4edf0745e9703',
    reference_id: 'K20999881-1',
    channel_code: 'ID_BCA',
    account_number: '1234567890',
    account_holder_name: 'Budi Santoso',
    amount: 1_500_000,
    description: 'Kilat loan K20999881-1',
  };
  const deliver = (webhook: unknown, token: string | null = CALLBACK_TOKEN, raw = JSON.stringify(webhook)) =>
    gateway.verifyWebhook(Buffer.from(raw), token === null ? {} : { [XENDIT_CALLBACK_TOKEN_HEADER]: token });

  it('verifies payout.succeeded by its callback token and maps it, with when the money landed', () => {
    const webhook = xenditPayoutWebhook(
      'payout.succeeded',
      xenditPayout(fields, 'SUCCEEDED', { created: '2026-11-26T03:00:00Z', updated: '2026-11-26T03:04:05Z' }),
    );
    expect(deliver(webhook)).toEqual({
      id: `payout.succeeded:${fields.id}`,
      reference: 'K20999881-1',
      state: {
        status: 'processed',
        gatewayPayoutId: fields.id,
        utr: null,
        failureCode: null,
        failureReason: null,
        retryable: false,
        occurredAt: '2026-11-26T03:04:05.000Z',
      },
    });
  });

  it('refuses a delivery with another token or none', () => {
    const webhook = xenditPayoutWebhook('payout.succeeded', xenditPayout(fields, 'SUCCEEDED'));
    expect(deliver(webhook, 'not-the-verification-token')).toBeNull();
    expect(deliver(webhook, null)).toBeNull();
    expect(deliver(webhook, `${CALLBACK_TOKEN} `)).toBeNull();
  });

  it('gives a re-delivered event the same id, and maps events in any order (a late success after a reversal stays what it says)', () => {
    const failed = xenditPayoutWebhook('payout.failed', xenditPayout(fields, 'FAILED', { failure_code: 'TEMPORARY_TRANSFER_ERROR' }));
    expect(deliver(failed)).toEqual(deliver(failed));
    expect(deliver(failed)).toMatchObject({
      id: `payout.failed:${fields.id}`,
      state: { status: 'failed', failureCode: 'TEMPORARY_TRANSFER_ERROR', retryable: true },
    });
    const reversed = deliver(xenditPayoutWebhook('payout.reversed', xenditPayout(fields, 'REVERSED', { updated: '2026-11-27T01:00:00Z' })));
    const lateSuccess = deliver(
      xenditPayoutWebhook('payout.succeeded', xenditPayout(fields, 'SUCCEEDED', { updated: '2026-11-26T03:04:05Z' })),
    );
    expect(reversed).toMatchObject({
      id: `payout.reversed:${fields.id}`,
      state: { status: 'reversed', occurredAt: '2026-11-27T01:00:00.000Z' },
    });
    expect(lateSuccess).toMatchObject({ state: { status: 'processed', occurredAt: '2026-11-26T03:04:05.000Z' } });
  });

  it('ignores an authentic event that is not a payout webhook, and refuses a payout event it cannot read', () => {
    expect(deliver({ event: 'invoice.paid', business_id: 'b', created: '2026-11-26T03:00:00Z', data: {} })).toEqual({
      ignored: 'invoice.paid',
    });
    expect(deliver({ event: 'payout.succeeded', data: { id: 'disb-1' } })).toBeNull();
    expect(deliver(null, CALLBACK_TOKEN, '{not json')).toBeNull();
  });
});

describe("Xendit balance's transactions", () => {
  it('lists disbursements between two instants page by page, a reversed one as its payout and its return, in sen', async () => {
    xendit.transactions.length = 0;
    const payouts = Array.from({ length: 53 }, (_, index) =>
      xenditPayout(
        {
          ...{ channel_code: 'ID_BCA', account_number: '1234567890', account_holder_name: 'B', description: 'd' },
          id: `disb-stmt${index}`,
          reference_id: `K${index}-1`,
          amount: 1_000_000 + index,
        },
        'SUCCEEDED',
      ),
    );
    for (const [index, payout] of payouts.entries()) {
      const created = new Date(Date.UTC(2026, 10, 26, 4, 0, index)).toISOString();
      // the first one came back the next day: its line shows REVERSED, updated then
      if (index === 0) xendit.transactions.push(xenditTransaction('txn-0', payout, 'REVERSED', created, '2026-11-27T01:00:00.000Z'));
      else xendit.transactions.push(xenditTransaction(`txn-${index}`, payout, 'SUCCESS', created));
    }
    xendit.transactions.push(xenditTransaction('txn-pending', payouts[1]!, 'PENDING', '2026-11-26T05:00:01.000Z'));
    xendit.transactions.push(xenditTransaction('txn-later', payouts[2]!, 'SUCCESS', '2026-11-28T05:00:00.000Z'));
    server.received.length = 0;
    const rows = await gateway.listTransactions({ from: new Date('2026-11-26T00:00:00Z'), to: new Date('2026-11-27T00:00:00Z') });
    const queries = server.received.map((request) => Object.fromEntries(new URL(request.path, 'http://x').searchParams));
    expect(queries).toEqual([
      { types: 'DISBURSEMENT', 'created[gte]': '2026-11-26T00:00:00.000Z', 'created[lte]': '2026-11-27T00:00:00.000Z', limit: '50' },
      {
        types: 'DISBURSEMENT',
        'created[gte]': '2026-11-26T00:00:00.000Z',
        'created[lte]': '2026-11-27T00:00:00.000Z',
        limit: '50',
        after_id: 'txn-49',
      },
    ]);
    // 53 payouts and the one reversal; the pending line and the one after the window are left out
    expect(rows).toHaveLength(54);
    expect(rows.slice(0, 2)).toEqual([
      {
        gatewayPayoutId: 'disb-stmt0',
        reference: 'K0-1',
        kind: 'payout',
        amountMinor: 1_000_000_00,
        occurredAt: '2026-11-26T04:00:00.000Z',
      },
      {
        gatewayPayoutId: 'disb-stmt0',
        reference: 'K0-1',
        kind: 'reversal',
        amountMinor: 1_000_000_00,
        occurredAt: '2026-11-27T01:00:00.000Z',
      },
    ]);
    expect(rows.at(-1)).toEqual({
      gatewayPayoutId: 'disb-stmt52',
      reference: 'K52-1',
      kind: 'payout',
      amountMinor: 1_000_052_00,
      occurredAt: '2026-11-26T04:00:52.000Z',
    });
  });
});
