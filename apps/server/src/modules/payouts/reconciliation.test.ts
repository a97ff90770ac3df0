/**
 * The reconciliation's matching (decision 140), pure: by movement and payout id (or our reference
 * where the ledger has no id), then amount; a line and its ledger row on either side of midnight
 * match; only the reconciled day's rows and lines can be mismatches.
 */
import { Market } from '@kilat/contract';
import { describe, expect, it } from 'vitest';
import type { DisbursalMovement } from '../ledger/repository.js';
import type { GatewayTransaction } from './ports.js';
import { mismatchesOf, startOfBusinessDate } from './reconciliation.js';

const row = (fields: Partial<DisbursalMovement>): DisbursalMovement => ({
  orderId: 1,
  kind: 'disbursement',
  amountMinor: 500_000,
  businessDate: '2026-11-25',
  gatewayPayoutId: 'pout_1',
  reference: 'KL1-1',
  ...fields,
});
const line = (fields: Partial<GatewayTransaction>): GatewayTransaction => ({
  gatewayPayoutId: 'pout_1',
  reference: null,
  kind: 'payout',
  amountMinor: 500_000,
  // 10:00 in India on the 25th
  occurredAt: '2026-11-25T04:30:00.000Z',
  ...fields,
});

describe('startOfBusinessDate', () => {
  it("is the market's midnight: 18:30 UTC the day before in India, 17:00 in Indonesia", () => {
    expect(startOfBusinessDate('2026-11-25', Market.India).toISOString()).toBe('2026-11-24T18:30:00.000Z');
    expect(startOfBusinessDate('2026-11-25', Market.Indonesia).toISOString()).toBe('2026-11-24T17:00:00.000Z');
  });
});

describe('mismatchesOf', () => {
  it('finds nothing when each disbursement and reversal has its line with the same amount', () => {
    const ledger = [row({}), row({ kind: 'disbursement_reversal' })];
    const lines = [line({}), line({ kind: 'reversal' })];
    expect(mismatchesOf('2026-11-25', Market.India, ledger, lines)).toEqual([]);
  });

  it('tells a disbursement without its line, a line without its row, and a different amount apart', () => {
    const ledger = [row({}), row({ gatewayPayoutId: 'pout_2', reference: 'KL2-1', amountMinor: 300_000 })];
    const lines = [line({ gatewayPayoutId: 'pout_2', amountMinor: 299_000 }), line({ gatewayPayoutId: 'pout_3', reference: 'X-1' })];
    expect(mismatchesOf('2026-11-25', Market.India, ledger, lines)).toEqual([
      {
        kind: 'missing_at_gateway',
        movement: 'disbursement',
        gatewayPayoutId: 'pout_1',
        reference: 'KL1-1',
        ledgerAmountMinor: 500_000,
        gatewayAmountMinor: null,
      },
      {
        kind: 'amount_differs',
        movement: 'disbursement',
        gatewayPayoutId: 'pout_2',
        reference: 'KL2-1',
        ledgerAmountMinor: 300_000,
        gatewayAmountMinor: 299_000,
      },
      {
        kind: 'missing_in_ledger',
        movement: 'disbursement',
        gatewayPayoutId: 'pout_3',
        reference: 'X-1',
        ledgerAmountMinor: null,
        gatewayAmountMinor: 500_000,
      },
    ]);
  });

  it('does not take a payout for its reversal', () => {
    const found = mismatchesOf('2026-11-25', Market.India, [row({})], [line({}), line({ kind: 'reversal' })]);
    expect(found.map((mismatch) => [mismatch.kind, mismatch.movement])).toEqual([['missing_in_ledger', 'disbursement_reversal']]);
  });

  it('matches across midnight and by reference where the ledger has no payout id; leaves other days alone', () => {
    // posted on the 25th, the gateway's line a minute past midnight India time on the 26th
    const late = line({ occurredAt: '2026-11-25T18:31:00.000Z' });
    expect(mismatchesOf('2026-11-25', Market.India, [row({})], [late])).toEqual([]);
    expect(mismatchesOf('2026-11-26', Market.India, [row({})], [late])).toEqual([]);
    expect(mismatchesOf('2026-11-25', Market.India, [row({ gatewayPayoutId: null })], [line({ reference: 'KL1-1' })])).toEqual([]);
    // a row of the day before and a line of the day after are not the 25th's to report
    const other = mismatchesOf('2026-11-25', Market.India, [row({ businessDate: '2026-11-24' })], [late]);
    expect(other).toEqual([]);
  });
});
