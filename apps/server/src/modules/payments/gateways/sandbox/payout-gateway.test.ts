/**
 * The sandbox payout gateway's table of destinations (PAYOUTS-PLAN, docs/sandboxes.md): decided by the last
 * four digits, time-based states by Kilat's clock, events through the connected sink.
 */
import { describe, expect, it } from 'vitest';
import { movableClock } from '../../../../lending/clock.js';
import type { NewPayout, PayoutDestination, PayoutEvent } from '../payout-port.js';
import { SANDBOX_OTHER_PERSON, SandboxPayoutGateway } from './payout-gateway.js';

const SECRET = 'kilat-dev-webhook-secret-not-for-production';
const DAY = 24 * 3_600_000;

const indianBank = (accountNumber: string): PayoutDestination => ({
  market: 'IN',
  kind: 'bank',
  holderName: 'Asha Verma',
  accountNumber,
  ifsc: 'HDFC0001234',
});
const upi = (vpa: string): PayoutDestination => ({ market: 'IN', kind: 'upi', holderName: 'Asha Verma', vpa });
const bca = (accountNumber: string): PayoutDestination => ({
  market: 'ID',
  kind: 'bank',
  holderName: 'Budi Santoso',
  accountNumber,
  channelCode: 'ID_BCA',
});
const ovo = (phone: string): PayoutDestination => ({
  market: 'ID',
  kind: 'ewallet',
  holderName: 'Budi Santoso',
  phone,
  channelCode: 'ID_OVO',
});

const setup = () => {
  const clock = movableClock(new Date('2026-11-26T03:00:00Z'));
  const gateway = new SandboxPayoutGateway(SECRET, clock);
  const told: { gateway: string; event: PayoutEvent }[] = [];
  gateway.connect(async (name, event) => {
    told.push({ gateway: name, event });
  });
  let seq = 0;
  const payout = (destination: PayoutDestination, key = `key-${++seq}`): NewPayout => ({
    idempotencyKey: key,
    reference: `K${1000 + seq}-1`,
    market: destination.market,
    amountMinor: destination.market === 'IN' ? 500_000 : 1_500_000_00,
    destination,
    gatewayAccountId: null,
    narration: destination.holderName,
  });
  return { clock, gateway, told, payout };
};

describe('the sandbox payout gateway: destination checks', () => {
  it('finds a destination valid with the holder name given, in both markets and every kind', async () => {
    const { gateway } = setup();
    for (const destination of [indianBank('1234567890123'), upi('borrower@okhdfcbank'), bca('1234567890'), ovo('081234567890')]) {
      const validation = await gateway.validateDestination({ reference: 'K1', destination });
      expect(validation).toMatchObject({ status: 'valid', registeredName: destination.holderName, reason: null });
      expect(await gateway.lookupValidation({ validationRef: validation.validationRef! })).toMatchObject({
        status: 'valid',
        registeredName: destination.holderName,
      });
    }
  });

  it('answers 9001 invalid and 9002 valid under another name, by the last four digits of the number, UPI ID or phone', async () => {
    const { gateway } = setup();
    for (const destination of [indianBank('1234567899001'), upi('98765439001@ybl'), bca('1234569001'), ovo('081234569001')]) {
      const validation = await gateway.validateDestination({ reference: 'K1', destination });
      expect(validation.status).toBe('invalid');
      expect(validation.registeredName).toBeNull();
      expect(validation.reason).toMatch(/does not exist/);
      expect((await gateway.lookupValidation({ validationRef: validation.validationRef! })).status).toBe('invalid');
    }
    const mismatch = await gateway.validateDestination({ reference: 'K1', destination: bca('1234569002') });
    expect(mismatch).toMatchObject({ status: 'valid', registeredName: SANDBOX_OTHER_PERSON });
  });
});

describe('the sandbox payout gateway: payouts', () => {
  it('processes any other destination at once with a 12-digit UTR, and answers the same payout to the same key', async () => {
    const { gateway, payout } = setup();
    const request = payout(indianBank('1234567890123'));
    const state = await gateway.createPayout(request);
    expect(state).toMatchObject({ status: 'processed', failureCode: null, retryable: false });
    expect(state.utr).toMatch(/^\d{12}$/);
    expect(await gateway.createPayout(request)).toEqual(state);
    expect(
      await gateway.lookupPayout({
        reference: request.reference,
        idempotencyKey: request.idempotencyKey,
        gatewayPayoutId: state.gatewayPayoutId,
      }),
    ).toEqual(state);
  });

  it('fails 9001 and 9006 for good (INVALID_DESTINATION, ACCOUNT_CLOSED)', async () => {
    const { gateway, payout } = setup();
    expect(await gateway.createPayout(payout(indianBank('1234567899001')))).toMatchObject({
      status: 'failed',
      failureCode: 'INVALID_DESTINATION',
      retryable: false,
    });
    expect(await gateway.createPayout(payout(ovo('081234569006')))).toMatchObject({
      status: 'failed',
      failureCode: 'ACCOUNT_CLOSED',
      retryable: false,
    });
  });

  it("keeps 9003 processing for two days by Kilat's clock, then processed on the day two days on", async () => {
    const { gateway, payout, clock } = setup();
    const request = payout(bca('1234569003'));
    const made = await gateway.createPayout(request);
    expect(made).toMatchObject({ status: 'processing', utr: null, occurredAt: null });
    const lookup = () =>
      gateway.lookupPayout({ reference: request.reference, idempotencyKey: request.idempotencyKey, gatewayPayoutId: made.gatewayPayoutId });
    clock.advance(2 * DAY - 1000);
    expect((await lookup()) as object).toMatchObject({ status: 'processing' });
    clock.advance(1000);
    expect((await lookup()) as object).toMatchObject({ status: 'processed', occurredAt: '2026-11-28T03:00:00.000Z' });
  });

  it('processes 9004 at once and reverses it a day later', async () => {
    const { gateway, payout, clock } = setup();
    const request = payout(upi('borrower9004@okaxis'));
    const made = await gateway.createPayout(request);
    expect(made.status).toBe('processed');
    clock.advance(DAY);
    const later = await gateway.lookupPayout({
      reference: request.reference,
      idempotencyKey: request.idempotencyKey,
      gatewayPayoutId: made.gatewayPayoutId,
    });
    expect(later).toMatchObject({ status: 'reversed', gatewayPayoutId: made.gatewayPayoutId, occurredAt: '2026-11-27T03:00:00.000Z' });
  });

  it('fails the first try to 9005 retryably (bank offline); the same key stays failed, the next attempt under a new key succeeds', async () => {
    const { gateway, payout } = setup();
    const first = payout(indianBank('1234567899005'));
    const failed = await gateway.createPayout(first);
    expect(failed).toMatchObject({ status: 'failed', failureCode: 'TEMPORARY_TRANSFER_ERROR', retryable: true });
    // a failed payout is final under its key (RazorpayX: "all attempts using the same Idempotency Key are failed")
    expect(await gateway.createPayout(first)).toEqual(failed);
    expect(await gateway.createPayout(payout(indianBank('1234567899005')))).toMatchObject({ status: 'processed', retryable: false });
    // another 9005 account is offline once of its own
    expect(await gateway.createPayout(payout(upi('98765439005@ybl')))).toMatchObject({ status: 'failed', retryable: true });
  });

  it("holds 9007 for the lender's low balance for a day, then processes it", async () => {
    const { gateway, payout, clock } = setup();
    const request = payout(bca('1234569007'));
    const made = await gateway.createPayout(request);
    expect(made).toMatchObject({ status: 'processing', failureReason: expect.stringMatching(/low balance/) });
    clock.advance(DAY);
    expect(
      await gateway.lookupPayout({
        reference: request.reference,
        idempotencyKey: request.idempotencyKey,
        gatewayPayoutId: made.gatewayPayoutId,
      }),
    ).toMatchObject({ status: 'processed', occurredAt: '2026-11-27T03:00:00.000Z' });
  });

  it('after our crash finds a payout by its key and reference, and answers not_found for one it never received', async () => {
    const { gateway, payout } = setup();
    const request = payout(bca('1234567890'));
    const made = await gateway.createPayout(request);
    expect(
      await gateway.lookupPayout({ reference: request.reference, idempotencyKey: request.idempotencyKey, gatewayPayoutId: null }),
    ).toEqual(made);
    expect(await gateway.lookupPayout({ reference: 'K9999-1', idempotencyKey: 'never-sent', gatewayPayoutId: null })).toBe('not_found');
    // a stored id is answered by any instance, from the id alone
    const other = new SandboxPayoutGateway(SECRET, movableClock(new Date('2026-11-26T04:00:00Z')));
    expect(
      await other.lookupPayout({
        reference: request.reference,
        idempotencyKey: request.idempotencyKey,
        gatewayPayoutId: made.gatewayPayoutId,
      }),
    ).toEqual(made);
  });
});

describe('the sandbox payout gateway: events and statements', () => {
  it("tells a payout's state through the connected sink when asked, the same state under the same event id", async () => {
    const { gateway, payout, told, clock } = setup();
    const request = payout(bca('1234569003'));
    const made = await gateway.createPayout(request);
    const first = await gateway.announce({ reference: request.reference, gatewayPayoutId: made.gatewayPayoutId });
    expect(first.state.status).toBe('processing');
    clock.advance(2 * DAY);
    const landed = await gateway.announce({ reference: request.reference, gatewayPayoutId: made.gatewayPayoutId });
    const again = await gateway.announce({ reference: request.reference, gatewayPayoutId: made.gatewayPayoutId });
    expect(landed.state.status).toBe('processed');
    expect(again.id).toBe(landed.id);
    expect(landed.id).not.toBe(first.id);
    expect(told.map((entry) => [entry.gateway, entry.event.reference, entry.event.state.status])).toEqual([
      ['sandbox', request.reference, 'processing'],
      ['sandbox', request.reference, 'processed'],
      ['sandbox', request.reference, 'processed'],
    ]);
  });

  it('refuses to tell an event before it is connected', async () => {
    const gateway = new SandboxPayoutGateway(SECRET, movableClock());
    await expect(gateway.announce({ reference: 'K1', gatewayPayoutId: 'spo_ok_1795000000_0123456789abcdef' })).rejects.toThrow(
      /not connected/,
    );
  });

  it('verifies its own signed delivery and refuses a forged or altered one', async () => {
    const { gateway, payout } = setup();
    const request = payout(bca('1234567890'));
    const state = await gateway.createPayout(request);
    const event: PayoutEvent = { id: 'spe_1', reference: request.reference, state };
    const { rawBody, headers } = gateway.signedDelivery(event);
    expect(gateway.verifyWebhook(Buffer.from(rawBody), headers)).toEqual(event);
    expect(gateway.verifyWebhook(Buffer.from(rawBody.replace('processed', 'failed')), headers)).toBeNull();
    const forged = new SandboxPayoutGateway('another-secret-of-at-least-32-characters', movableClock()).signedDelivery(event);
    expect(gateway.verifyWebhook(Buffer.from(forged.rawBody), forged.headers)).toBeNull();
  });

  it('lists the payouts as they land and a reversal on its day', async () => {
    const { gateway, payout, clock } = setup();
    const start = clock.now();
    const quick = await gateway.createPayout(payout(bca('1234567890')));
    const reversed = await gateway.createPayout(payout(bca('1234569004')));
    const slow = await gateway.createPayout(payout(bca('1234569003')));
    await gateway.createPayout(payout(bca('1234569001')));
    clock.advance(3 * DAY);
    const firstDay = await gateway.listTransactions({ from: start, to: new Date(start.getTime() + DAY) });
    expect(firstDay.map((row) => [row.gatewayPayoutId, row.kind])).toEqual([
      [quick.gatewayPayoutId, 'payout'],
      [reversed.gatewayPayoutId, 'payout'],
    ]);
    const later = await gateway.listTransactions({ from: new Date(start.getTime() + DAY), to: new Date(start.getTime() + 3 * DAY) });
    expect(later.map((row) => [row.gatewayPayoutId, row.kind, row.amountMinor])).toEqual([
      [reversed.gatewayPayoutId, 'reversal', 1_500_000_00],
      [slow.gatewayPayoutId, 'payout', 1_500_000_00],
    ]);
  });
});
