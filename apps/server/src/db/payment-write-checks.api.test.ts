/**
 * Migration 0017 (decision 118): a payment's and a repay token's order and borrower are checked
 * together, so a row whose borrower is not its order's is refused; and a gateway reference is
 * still unique where there is one.
 */
import { Market, OrderStatus } from '@kilat/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { cardFlow } from '../test/card-flow.js';
import { payments, repayTokens } from './schema.js';

const t = useTestApp();

/** An order of one fresh borrower, and another fresh borrower. */
const orderAndStranger = async () => {
  const owner = await cardFlow(t).freshBorrower(Market.India);
  const stranger = await cardFlow(t).freshBorrower(Market.India);
  return {
    orderId: Number(cardFlow(t).orderIn(owner, OrderStatus.DueSoon).orderId),
    ownerId: Number(owner.userId),
    strangerId: Number(stranger.userId),
  };
};

/** The PostgreSQL error code a rejected statement failed with (drizzle wraps the driver's error). */
const refusal = async (statement: Promise<unknown>): Promise<string | undefined> => {
  const error = await statement.then(
    () => null,
    (caught: unknown) => caught as { code?: string; cause?: { code?: string } },
  );
  return error?.cause?.code ?? error?.code;
};

const FOREIGN_KEY_VIOLATION = '23503';
const UNIQUE_VIOLATION = '23505';

const paymentRow = (orderId: number, borrowerId: number, publicId: string) => ({
  publicId,
  borrowerId,
  orderId,
  market: Market.India,
  purpose: 'repay' as const,
  method: 'checkout' as const,
  amountMinor: 100,
  gateway: 'sandbox',
});

describe('what a payment and a repay token are checked against', () => {
  it("refuses a payment whose borrower is not its order's borrower, and stores one whose borrower is", async () => {
    const { orderId, ownerId, strangerId } = await orderAndStranger();
    expect(await refusal(t.database.db.insert(payments).values(paymentRow(orderId, strangerId, `test-fk-${orderId}-a`)))).toBe(
      FOREIGN_KEY_VIOLATION,
    );
    expect(
      await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.publicId, `test-fk-${orderId}-a`)),
    ).toEqual([]);
    await t.database.db.insert(payments).values(paymentRow(orderId, ownerId, `test-fk-${orderId}-b`));
    expect(
      await t.database.db
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.publicId, `test-fk-${orderId}-b`)),
    ).toHaveLength(1);
  });

  it("refuses a repay token whose borrower is not its order's borrower", async () => {
    const { orderId, strangerId } = await orderAndStranger();
    const token = {
      tokenHash: `test-fk-token-${orderId}`,
      borrowerId: strangerId,
      orderId,
      purpose: 'repay' as const,
      amountMinor: 100,
      expiresAt: new Date(t.clock.now().getTime() + 60_000),
    };
    expect(await refusal(t.database.db.insert(repayTokens).values(token))).toBe(FOREIGN_KEY_VIOLATION);
    expect(await t.database.db.select().from(repayTokens).where(eq(repayTokens.tokenHash, token.tokenHash))).toEqual([]);
  });

  it("keeps a gateway's reference unique among the payments that have one, and lets many have none", async () => {
    const { orderId, ownerId } = await orderAndStranger();
    const reference = `test-ref-${orderId}`;
    await t.database.db
      .insert(payments)
      .values([
        { ...paymentRow(orderId, ownerId, `test-ref-${orderId}-a`), gatewayRef: reference },
        paymentRow(orderId, ownerId, `test-ref-${orderId}-b`),
        paymentRow(orderId, ownerId, `test-ref-${orderId}-c`),
      ]);
    expect(
      await refusal(
        t.database.db.insert(payments).values({ ...paymentRow(orderId, ownerId, `test-ref-${orderId}-d`), gatewayRef: reference }),
      ),
    ).toBe(UNIQUE_VIOLATION);
  });
});
