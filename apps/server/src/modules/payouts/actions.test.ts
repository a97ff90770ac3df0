/** What an operator may do with an order's payout (decision 143): the key rules of decision 135 as pure decisions. */
import { describe, expect, it } from 'vitest';
import type { DisbursalAccount, PayoutRow } from '../../db/schema.js';
import { cancelDecision, retryDecision } from './actions.js';

const NOW = new Date('2026-11-26T06:00:00Z');
const LATER = new Date(NOW.getTime() + 5 * 60_000);
const EARLIER = new Date(NOW.getTime() - 60_000);

const payout = (overrides: Partial<PayoutRow> = {}): PayoutRow => ({
  id: 1,
  publicId: 'KLIN1-1',
  orderId: 7,
  borrowerId: 3,
  disbursalAccountId: 10,
  market: 'IN',
  gateway: 'sandbox',
  attempt: 1,
  amountMinor: 500_000,
  idempotencyKey: 'key-1',
  status: 'queued',
  gatewayPayoutId: null,
  utr: null,
  failureCode: null,
  failureReason: null,
  retryable: false,
  tries: 0,
  claimedUntil: null,
  nextTryAt: LATER,
  processedOn: null,
  reversedOn: null,
  createdAt: EARLIER,
  updatedAt: EARLIER,
  ...overrides,
});
const account = (id: number) => ({ id, last4: '4321' }) as DisbursalAccount;
const open = { cancelledAt: null, disbursedAt: null };

describe('retry', () => {
  it('sends an attempt waiting out its wait now, keeping its key', () => {
    const waiting = payout({ attempt: 2, tries: 1 });
    expect(retryDecision(open, waiting, account(10), true, NOW)).toMatchObject({ kind: 'now', payout: { idempotencyKey: 'key-1' } });
  });

  it('never a new key while the gateway holds the attempt', () => {
    expect(retryDecision(open, payout({ status: 'processing', failureReason: 'low balance' }), account(11), true, NOW)).toMatchObject({
      kind: 'refused',
      explanation: expect.stringMatching(/could pay twice/),
    });
  });

  it('refuses an attempt a job is sending, or one already due', () => {
    expect(retryDecision(open, payout({ claimedUntil: LATER }), null, false, NOW).kind).toBe('refused');
    expect(retryDecision(open, payout({ nextTryAt: EARLIER }), null, false, NOW).kind).toBe('refused');
  });

  it('after a final failure or a return: a new attempt only to another usable account', () => {
    const failed = payout({ status: 'failed', failureReason: 'account closed' });
    expect(retryDecision(open, failed, account(10), true, NOW).kind).toBe('refused');
    expect(retryDecision(open, failed, account(11), false, NOW).kind).toBe('refused');
    expect(retryDecision(open, failed, account(11), true, NOW)).toMatchObject({ kind: 'new-attempt', attempt: 2, account: { id: 11 } });
    expect(retryDecision(open, payout({ status: 'reversed' }), account(11), true, NOW)).toMatchObject({ kind: 'new-attempt' });
  });

  it('refuses a landed or cancelled loan, and an order without a payout', () => {
    expect(retryDecision({ cancelledAt: NOW, disbursedAt: null }, payout({ status: 'failed' }), account(11), true, NOW).kind).toBe(
      'refused',
    );
    expect(retryDecision(open, payout({ status: 'processed' }), account(11), true, NOW).kind).toBe('refused');
    expect(retryDecision(open, undefined, account(11), true, NOW).kind).toBe('refused');
  });
});

describe('cancel-loan', () => {
  it('closes a loan whose latest attempt failed, was cancelled or came back, for the borrower and an operator alike', () => {
    for (const status of ['failed', 'cancelled', 'reversed'] as const) {
      expect(cancelDecision(open, payout({ status }), NOW, 'borrower').kind).toBe('stopped');
      expect(cancelDecision(open, payout({ status }), NOW, 'operator').kind).toBe('stopped');
    }
  });

  it('lets an operator stop an attempt no gateway has seen; never one that may be at the gateway', () => {
    expect(cancelDecision(open, payout(), NOW, 'operator').kind).toBe('unsent');
    expect(cancelDecision(open, payout(), NOW, 'borrower').kind).toBe('refused');
    expect(cancelDecision(open, payout({ tries: 1 }), NOW, 'operator').kind).toBe('refused');
    expect(cancelDecision(open, payout({ gatewayPayoutId: 'pout_1' }), NOW, 'operator').kind).toBe('refused');
    expect(cancelDecision(open, payout({ claimedUntil: LATER }), NOW, 'operator').kind).toBe('refused');
    expect(cancelDecision(open, payout({ status: 'processing' }), NOW, 'operator').kind).toBe('refused');
  });

  it('refuses a loan whose money landed, or one already cancelled', () => {
    expect(cancelDecision({ cancelledAt: null, disbursedAt: NOW }, payout({ status: 'processed' }), NOW, 'operator').kind).toBe('refused');
    expect(cancelDecision({ cancelledAt: NOW, disbursedAt: null }, payout({ status: 'failed' }), NOW, 'operator').kind).toBe('refused');
  });
});
