/** The payout gateway registry: each market's gateway by configuration, every gateway by name, the sandbox's events to the connected sink. */
import { describe, expect, it } from 'vitest';
import { movableClock } from '../../lending/clock.js';
import { testConfig } from '../../test/app.js';
import { RazorpayXPayoutGateway } from '../payments/gateways/razorpay/payout-gateway.js';
import { SandboxPayoutGateway } from '../payments/gateways/sandbox/payout-gateway.js';
import { XenditPayoutGateway } from '../payments/gateways/xendit/payout-gateway.js';
import { createPayoutGateways, newPayoutIdempotencyKey, payoutReference, resendDelayMs, retryDelayMs } from './gateways.js';
import type { PayoutEvent } from './ports.js';

describe('the payout gateways', () => {
  it('sends both markets to the sandbox outside production and tells its events through the connected sink', async () => {
    const gateways = createPayoutGateways(testConfig(), movableClock(new Date('2026-11-26T03:00:00Z')));
    const sandbox = gateways.for('IN');
    expect(sandbox).toBeInstanceOf(SandboxPayoutGateway);
    expect(gateways.for('ID')).toBe(sandbox);
    expect(gateways.byName('sandbox')).toBe(sandbox);
    expect(gateways.byName('razorpayx')).toBeUndefined();
    const told: [string, PayoutEvent][] = [];
    gateways.connect(async (gateway, event) => {
      told.push([gateway, event]);
    });
    const state = await sandbox.createPayout({
      idempotencyKey: 'k-1',
      reference: 'K1-1',
      market: 'ID',
      amountMinor: 100_000_000,
      destination: { market: 'ID', kind: 'bank', holderName: 'Budi', accountNumber: '1234567890', channelCode: 'ID_BCA' },
      gatewayAccountId: null,
      narration: 'Budi',
    });
    await (sandbox as SandboxPayoutGateway).announce({ reference: 'K1-1', gatewayPayoutId: state.gatewayPayoutId });
    expect(told).toEqual([['sandbox', expect.objectContaining({ reference: 'K1-1', state })]]);
  });

  it('sends India through RazorpayX and Indonesia through Xendit when configured, the sandbox still there by name for payouts it made', () => {
    const config = testConfig();
    const gateways = createPayoutGateways(
      {
        ...config,
        payouts: {
          ...config.payouts,
          gateways: { IN: 'razorpayx', ID: 'xendit' },
          razorpayx: {
            keyId: 'rzp_live_x',
            keySecret: 's',
            accountNumber: '7878780080316316',
            webhookSecret: 'w',
            apiBase: 'https://api.razorpay.com',
          },
          xendit: { secretKey: 'xnd_production_x', callbackToken: 't', apiBase: 'https://api.xendit.co' },
        },
      },
      movableClock(),
    );
    expect(gateways.for('IN')).toBeInstanceOf(RazorpayXPayoutGateway);
    expect(gateways.for('ID')).toBeInstanceOf(XenditPayoutGateway);
    expect(gateways.byName('razorpayx')).toBe(gateways.for('IN'));
    expect(gateways.byName('xendit')).toBe(gateways.for('ID'));
    expect(gateways.byName('sandbox')).toBeInstanceOf(SandboxPayoutGateway);
    expect(gateways.for('IN').destinationCheck).toBe('gateway');
    expect(gateways.for('ID').destinationCheck).toBe('first_payout');
  });

  it('refuses to build a market whose chosen gateway has no settings, at once rather than at the first payout', () => {
    const config = testConfig();
    expect(() =>
      createPayoutGateways({ ...config, payouts: { ...config.payouts, gateways: { IN: 'razorpayx', ID: 'sandbox' } } }, movableClock()),
    ).toThrow(/razorpayx of IN is not configured/);
  });

  it("makes each attempt's key a fresh UUID both gateways take, and its reference the order's number with the attempt", () => {
    const key = newPayoutIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(newPayoutIdempotencyKey()).not.toBe(key);
    expect(payoutReference('K123456', 2)).toBe('K123456-2');
  });

  it('waits longer between tries: re-sends of one attempt from a minute to hourly, new attempts by the failure', () => {
    expect([1, 2, 3, 4, 5, 9].map(resendDelayMs)).toEqual([60_000, 300_000, 900_000, 1_800_000, 3_600_000, 3_600_000]);
    expect(retryDelayMs({ failureCode: 'INSUFFICIENT_BALANCE' }, 3)).toBe(3_600_000);
    expect(retryDelayMs({ failureCode: 'UNKNOWN_BANK_NETWORK_ERROR' }, 1)).toBe(3 * 3_600_000);
    expect([1, 2, 3].map((attempt) => retryDelayMs({ failureCode: 'beneficiary_bank_down' }, attempt))).toEqual([
      1_800_000, 3_600_000, 7_200_000,
    ]);
    expect(retryDelayMs({ failureCode: null }, 20)).toBe(24 * 3_600_000);
  });
});
