import { Market } from '@kilat/contract';
import { describe, expect, it } from 'vitest';
import { movableClock } from '../../../../lending/clock.js';
import type { WebhookEvent } from '../../ports.js';
import { SandboxGateway, sandboxCardToken } from './sandbox-gateway.js';

const secret = 'a-webhook-secret-of-at-least-32-characters';

/** A sandbox whose deliveries land in a list, checked the way our route checks them. */
const sandboxWithInbox = () => {
  const clock = movableClock(new Date('2026-05-01T03:00:00Z'));
  const gateway = new SandboxGateway(secret, clock);
  const received: WebhookEvent[] = [];
  gateway.connect(async (rawBody, headers) => {
    const event = gateway.verifyWebhook(Buffer.from(rawBody), headers);
    if (!event) return 401;
    // a mandate's event (issue 51 item 2) is not a payment's: these tests count payments' events
    if (!('mandate' in event)) received.push(event);
    return 200;
  });
  return { gateway, received, clock };
};

describe('the sandbox gateway', () => {
  it('tokenises the test cards with their behaviour, never with the number', () => {
    const otp = sandboxCardToken('4111 1111 1111 1111');
    const direct = sandboxCardToken('4000000000000077');
    const declined = sandboxCardToken('4000000000000002');
    expect(otp.requiresOtp).toBe(true);
    expect(direct.requiresOtp).toBe(false);
    expect(declined.requiresOtp).toBe(true);
    for (const { token } of [otp, direct, declined]) {
      expect(token).toMatch(/^tok_(approve|decline)_(otp|direct)_[A-Z2-7]{20}$/);
      expect(token).not.toMatch(/4111|0077|0002/);
    }
    expect(sandboxCardToken('4111111111111111').token).not.toBe(otp.token);
  });

  it('confirms a debit through a signed succeeded event before answering, and a declined card through a failed one', async () => {
    const { gateway, received } = sandboxWithInbox();
    const payment = { paymentRef: 'RPTEST', market: Market.India, amountMinor: 12_345 };
    const approved = await gateway.debitCard({ ...payment, cardToken: sandboxCardToken('4000000000000077').token });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      type: 'payment.succeeded',
      paymentRef: 'RPTEST',
      amountMinor: 12_345,
      gatewayRef: approved.gatewayRef,
    });
    await gateway.debitCard({ ...payment, cardToken: sandboxCardToken('4000000000000002').token });
    expect(received[1]).toMatchObject({ type: 'payment.failed', failureReason: 'card_declined' });
    expect(received[0]!.id).not.toBe(received[1]!.id);
  });

  it('refuses its own delivery once it is more than 5 minutes old (no replay)', async () => {
    const { gateway, clock } = sandboxWithInbox();
    let captured: { rawBody: string; headers: Record<string, string> } | null = null;
    gateway.connect(async (rawBody, headers) => {
      captured = { rawBody, headers };
      return 200;
    });
    await gateway.settle({ publicId: 'RPTEST', gatewayRef: 'va_1', amountMinor: 100 });
    const { rawBody, headers } = captured!;
    expect(gateway.verifyWebhook(Buffer.from(rawBody), headers)).not.toBeNull();
    clock.advance(5 * 60_000 + 1000);
    expect(gateway.verifyWebhook(Buffer.from(rawBody), headers)).toBeNull();
  });

  it('throws when our route does not take the event, so the caller knows the payment was not confirmed', async () => {
    const { gateway } = sandboxWithInbox();
    gateway.connect(async () => 500);
    await expect(gateway.settle({ publicId: 'RPTEST', gatewayRef: 'va_1', amountMinor: 100 })).rejects.toThrow(/answered 500/);
  });

  it('issues virtual-account numbers with the bank prefix and mini-market codes', async () => {
    const { gateway } = sandboxWithInbox();
    const expiresAt = new Date();
    const va = await gateway.createVirtualAccount({
      paymentRef: 'RP1',
      market: Market.Indonesia,
      amountMinor: 1,
      bankCode: 'BNI',
      expiresAt,
    });
    expect(va.accountNumber).toMatch(/^8808\d{12}$/);
    const code = await gateway.createMiniMarketCode({
      paymentRef: 'RP1',
      market: Market.Indonesia,
      amountMinor: 1,
      marketCode: 'ALFAMART',
      expiresAt,
    });
    expect(code.paymentCode).toMatch(/^KLT\d{11}$/);
  });
});
