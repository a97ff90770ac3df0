/**
 * Indonesia's accounts behind Xendit (decision 127): Xendit documents no account check, so an
 * account whose format fits is kept pending, usable for the first payout, which confirms or refuses
 * it (`confirmByPayout`). No call reaches Xendit here: its destination check is the format alone.
 */
import { idID } from '@kilat/contract/texts/id-ID';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { borrowers, disbursalAccounts } from '../../db/schema.js';
import { call, testConfig, useTestApp } from '../../test/app.js';

const t = useTestApp(() => {
  const config = testConfig();
  return {
    config: {
      payouts: {
        ...config.payouts,
        gateways: { IN: 'sandbox', ID: 'xendit' },
        // an address nothing listens on: a call to Xendit would fail the test
        xendit: { secretKey: 'xnd_development_0123456789abcdefABCDEF', callbackToken: 'callback-token', apiBase: 'http://127.0.0.1:9' },
      },
    },
  };
});

const fresh = async () => {
  const session = (await t.app.inject({ method: 'GET', url: '/dev/session?market=ID&fresh=1' })).json();
  await t.database.db
    .update(borrowers)
    .set({ name: 'Siti Rahma' })
    .where(eq(borrowers.id, Number(session.userId)));
  return session as { sessionId: string; deviceId: string; userId: string; phone: string };
};
const save = (session: Awaited<ReturnType<typeof fresh>>, body: Record<string, string>) =>
  call(t.app, 'disbursalAccountSave', { session, query: { market: 'ID' }, body });

describe('an Indonesian account behind Xendit, which checks an account only by paying it (decision 127)', () => {
  it('is kept pending, with its number sealed, usable for the first payout, and asks a code to be changed', async () => {
    const session = await fresh();
    const response = await save(session, { kind: 'ewallet', holderName: 'Siti Rahma', channelCode: 'ID_DANA', phone: '+62 812 3456 7890' });
    expect(response.json().data.account).toMatchObject({
      status: 'pending',
      usable: true,
      reason: null,
      nameMatchScore: null,
      last4: '7890',
    });
    const row = await t.app.disbursalAccounts.activeValidAccount(Number(session.userId));
    expect(row).toMatchObject({ gateway: 'xendit', validationStatus: 'pending', gatewayAccountId: null });
    expect(t.app.disbursalAccounts.payoutDestination(row!).destination).toEqual({
      market: 'ID',
      kind: 'ewallet',
      holderName: 'Siti Rahma',
      phone: '081234567890',
      channelCode: 'ID_DANA',
    });
    const read = (await call(t.app, 'disbursalAccount', { session, query: { market: 'ID' } })).json().data;
    expect(read).toMatchObject({ changeNeedsCode: true, account: { usable: true } });
    const change = await save(session, { kind: 'bank', holderName: 'Siti Rahma', channelCode: 'ID_BCA', accountNumber: '1234567890' });
    expect(change.statusCode).toBe(403);
  });

  it('is confirmed by a processed payout, and refused by an invalid destination', async () => {
    const confirmed = await fresh();
    await save(confirmed, { kind: 'bank', holderName: 'Siti Rahma', channelCode: 'ID_BCA', accountNumber: '1234567890' });
    const first = (await t.app.disbursalAccounts.activeValidAccount(Number(confirmed.userId)))!;
    expect(await t.app.disbursalAccounts.confirmByPayout(first.id, 'valid')).toBe(true);
    expect(await t.app.disbursalAccounts.confirmByPayout(first.id, 'invalid')).toBe(false);
    expect(await t.app.disbursalAccounts.activeValidAccount(Number(confirmed.userId))).toMatchObject({ validationStatus: 'valid' });

    const refused = await fresh();
    await save(refused, { kind: 'bank', holderName: 'Siti Rahma', channelCode: 'ID_BRI', accountNumber: '123456789012345' });
    const account = (await t.app.disbursalAccounts.activeValidAccount(Number(refused.userId)))!;
    await t.app.disbursalAccounts.confirmByPayout(account.id, 'invalid');
    expect(await t.app.disbursalAccounts.activeValidAccount(Number(refused.userId))).toBeNull();
    const read = (await call(t.app, 'disbursalAccount', { session: refused, query: { market: 'ID' } })).json().data;
    expect(read).toMatchObject({
      changeNeedsCode: false,
      account: { status: 'invalid', usable: false, reason: idID.disbursalAccountNotFound },
    });
    const rows = await t.database.db
      .select()
      .from(disbursalAccounts)
      .where(eq(disbursalAccounts.borrowerId, Number(refused.userId)));
    expect(rows).toHaveLength(1);
  });
});
