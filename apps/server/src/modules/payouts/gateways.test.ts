/** The payout gateway registry: each market's gateway by configuration, every gateway by name, the sandbox's events to the connected sink. */
import { describe, expect, it } from 'vitest';
import { movableClock } from '../../lending/clock.js';
import { testConfig } from '../../test/app.js';
import { SandboxPayoutGateway } from '../payments/gateways/sandbox/payout-gateway.js';
import { createPayoutGateways } from './gateways.js';
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
});
