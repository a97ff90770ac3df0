/**
 * Secrets rotate without downtime (issue 32, decision 130): within the configured window the old
 * and the new value are both accepted — webhook signatures of the sandbox, Razorpay and Xendit,
 * and cards fingerprinted with the old key — and after it only the new one.
 */
import { createHmac } from 'node:crypto';
import { Market } from '@kilat/contract';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bankCards } from './db/schema.js';
import { cardFingerprint } from './modules/cards/card-number.js';
import { testConfig, useTestApp } from './test/app.js';
import { cardFlow, TestCards } from './test/card-flow.js';

const HOUR_MS = 3_600_000;
const OLD = {
  sandbox: 'old-sandbox-webhook-secret-0123456789abcdef',
  razorpay: 'old-razorpay-webhook-secret-0123456789abcdef',
  xendit: 'old-xendit-callback-token-0123456789abcdef',
  fingerprint: 'old-card-fingerprint-key-0123456789abcdef',
};
const NEW = {
  sandbox: 'new-sandbox-webhook-secret-0123456789abcdef',
  razorpay: 'new-razorpay-webhook-secret-0123456789abcdef',
  xendit: 'new-xendit-callback-token-0123456789abcdef',
  fingerprint: 'new-card-fingerprint-key-0123456789abcdef',
};
/** The old values stop being accepted an hour after the app starts (on the test clock). */
const until = new Date(Date.now() + HOUR_MS);
const local = 'http://127.0.0.1:9';

const t = useTestApp(() => ({
  config: {
    payments: {
      ...testConfig().payments,
      gateways: { IN: 'sandbox', ID: 'sandbox' },
      webhookSecret: NEW.sandbox,
      webhookSecretPrevious: { value: OLD.sandbox, until },
      fingerprintKey: NEW.fingerprint,
      fingerprintKeyPrevious: { value: OLD.fingerprint, until },
      // registered for their webhook routes only: the API bases are never called here
      razorpay: {
        keyId: 'rzp_test_1DP5mmOlF5G5ag',
        keySecret: 'thisissupersecret',
        webhookSecret: NEW.razorpay,
        webhookSecretPrevious: { value: OLD.razorpay, until },
        apiBase: local,
        publicBaseUrl: 'https://kilat.example',
      },
      xendit: {
        secretKey: 'xnd_development_aaaaaaaaaaaaaaaaaaaa',
        callbackToken: NEW.xendit,
        callbackTokenPrevious: { value: OLD.xendit, until },
        apiBase: local,
        publicBaseUrl: 'https://kilat.example',
        merchantName: 'Kilat',
      },
    },
  },
}));
const flow = cardFlow(t);

const deliver = (gateway: string, rawBody: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/webhooks/payments/${gateway}`,
    payload: rawBody,
    headers: { 'content-type': 'application/json', ...headers },
  });

/** An authentic event of each gateway that moves nothing of ours: the answer tells only whether the secret was accepted. */
const sandboxWith = (secret: string) => {
  const rawBody = JSON.stringify({
    id: `evt_rotation_${Math.random().toString(36).slice(2)}`,
    type: 'payment.succeeded',
    gatewayRef: 'va_rotation',
    paymentRef: 'KPROTATION01',
    amountMinor: 1000,
    occurredAt: t.clock.now().toISOString(),
  });
  const timestamp = Math.floor(t.clock.now().getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
  return deliver('sandbox', rawBody, { 'x-kilat-signature': `t=${timestamp},v1=${v1}` });
};
const razorpayWith = (secret: string) => {
  const rawBody = JSON.stringify({
    entity: 'event',
    event: 'payment.captured',
    created_at: Math.floor(t.clock.now().getTime() / 1000),
    payload: {},
  });
  return deliver('razorpay', rawBody, { 'x-razorpay-signature': createHmac('sha256', secret).update(rawBody).digest('hex') });
};
const xenditWith = (token: string) =>
  deliver('xendit', JSON.stringify({ id: 'va_rotation', status: 'ACTIVE', owner_id: 'owner' }), { 'x-callback-token': token });

const statuses = async (secrets: typeof OLD) => [
  (await sandboxWith(secrets.sandbox)).statusCode,
  (await razorpayWith(secrets.razorpay)).statusCode,
  (await xenditWith(secrets.xendit)).statusCode,
];

const cardsOf = async (borrowerId: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(bankCards)
      .where(eq(bankCards.borrowerId, Number(borrowerId)))
  )[0]!.n;

/** Makes a bound card look bound before the rotation: its fingerprint made with the old key. */
const fingerprintedWithOldKey = async (cardId: string, cardNo: string) =>
  t.database.db
    .update(bankCards)
    .set({ fingerprint: cardFingerprint(OLD.fingerprint, cardNo) })
    .where(eq(bankCards.id, Number(cardId)));

describe('secret rotation', () => {
  it('within the window accepts webhooks signed with the old and with the new secret, and nothing else', async () => {
    expect(await statuses(NEW)).toEqual([200, 200, 200]);
    expect(await statuses(OLD)).toEqual([200, 200, 200]);
    const stranger = { ...NEW, sandbox: 'x'.repeat(40), razorpay: 'y'.repeat(40), xendit: 'z'.repeat(40) };
    expect(await statuses(stranger)).toEqual([401, 401, 401]);
  });

  it('within the window recognises a card fingerprinted with the old key, and re-keys it', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const cardId = await flow.boundCard(borrower, TestCards.withoutCode);
    await fingerprintedWithOldKey(cardId, TestCards.withoutCode);
    const cards = await cardsOf(borrower.userId);
    expect(await flow.boundCard(borrower, TestCards.withoutCode)).toBe(cardId);
    expect(await cardsOf(borrower.userId)).toBe(cards);
    const [row] = await t.database.db
      .select()
      .from(bankCards)
      .where(eq(bankCards.id, Number(cardId)));
    expect(row!.fingerprint).toBe(cardFingerprint(NEW.fingerprint, TestCards.withoutCode));
  });

  it('after the window accepts only the new secrets and the new key', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const cardId = await flow.boundCard(borrower, TestCards.withoutCode);
    await fingerprintedWithOldKey(cardId, TestCards.withoutCode);
    t.clock.set(new Date(until.getTime() + 1));
    expect(await statuses(OLD)).toEqual([401, 401, 401]);
    expect(await statuses(NEW)).toEqual([200, 200, 200]);
    // the old key no longer recognises the card: binding it again makes a card of the new key
    expect(await flow.boundCard(borrower, TestCards.withoutCode)).not.toBe(cardId);
    const rows = await t.database.db
      .select({ n: count() })
      .from(bankCards)
      .where(
        and(
          eq(bankCards.borrowerId, Number(borrower.userId)),
          eq(bankCards.fingerprint, cardFingerprint(NEW.fingerprint, TestCards.withoutCode)),
        ),
      );
    expect(rows[0]!.n).toBe(1);
  });
});
