import { Market } from '@kilat/contract';
import { describe, expect, it } from 'vitest';
import { movableClock } from '../../../../lending/clock.js';
import { SandboxGateway, sandboxCardToken } from './sandbox-gateway.js';

const sandbox = () => {
  const gateway = new SandboxGateway('a-webhook-secret-of-at-least-32-characters', movableClock(new Date('2026-05-01T03:00:00Z')));
  gateway.connect(async () => 200);
  return gateway;
};

describe("the sandbox gateway's lookup (reconciliation)", () => {
  it('answers the outcome of a charge from its id, and not_found for a payment that never reached it', async () => {
    const gateway = sandbox();
    const payment = { paymentRef: 'RPTEST', market: Market.India, amountMinor: 12_345 };
    const approved = await gateway.debitCard({ ...payment, cardToken: sandboxCardToken('4000000000000077').token });
    const declined = await gateway.debitCard({ ...payment, cardToken: sandboxCardToken('4000000000000002').token });
    expect(approved.gatewayRef).toMatch(/^ch_ok_[A-Z2-7]{20}$/);
    expect(declined.gatewayRef).toMatch(/^ch_no_[A-Z2-7]{20}$/);
    expect(await gateway.lookupPayment({ paymentRef: 'RPTEST', gatewayRef: approved.gatewayRef, method: 'card' })).toBe('succeeded');
    expect(await gateway.lookupPayment({ paymentRef: 'RPTEST', gatewayRef: declined.gatewayRef, method: 'card' })).toBe('failed');
    expect(await gateway.lookupPayment({ paymentRef: 'RPTEST', gatewayRef: null, method: 'card' })).toBe('not_found');
    expect(await gateway.lookupPayment({ paymentRef: 'RPTEST', gatewayRef: 'va_SOMETHINGELSE', method: 'virtual_account' })).toBe(
      'not_found',
    );
  });
});
