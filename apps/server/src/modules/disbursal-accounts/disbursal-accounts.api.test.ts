import { Market, ResultCode } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openText } from '../../crypto.js';
import { borrowers, disbursalAccounts } from '../../db/schema.js';
import { call, useTestApp } from '../../test/app.js';

const t = useTestApp();

interface Fresh {
  sessionId: string;
  deviceId: string;
  userId: string;
  phone: string;
}
const fresh = async (market: Market, name?: string): Promise<Fresh> => {
  const session: Fresh = (await t.app.inject({ method: 'GET', url: `/dev/session?market=${market}&fresh=1` })).json();
  if (name !== undefined) {
    await t.database.db
      .update(borrowers)
      .set({ name })
      .where(eq(borrowers.id, Number(session.userId)));
  }
  return session;
};

const save = (session: Fresh, market: Market, body: Record<string, string>) =>
  call(t.app, 'disbursalAccountSave', { session, query: { market }, body });
const read = (session: Fresh, market: Market) => call(t.app, 'disbursalAccount', { session, query: { market } });
const askCode = (session: Fresh, market: Market) => call(t.app, 'disbursalAccountCode', { session, query: { market } });

const rowsOf = (session: Fresh) =>
  t.database.db
    .select()
    .from(disbursalAccounts)
    .where(eq(disbursalAccounts.borrowerId, Number(session.userId)))
    .orderBy(disbursalAccounts.id);

const latestCode = async (phone: string): Promise<string> => {
  const inbox: { body: string; purpose: string }[] = (
    await t.app.inject({ method: 'GET', url: `/dev/sms?phone=${encodeURIComponent(phone)}` })
  ).json().data;
  const message = inbox.find((sms) => sms.purpose === 'disbursal-account');
  const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no disbursal-account code sent to ${phone}`);
  return code;
};

const INDIA_BANK = { kind: 'bank', holderName: 'Meera Iyer', accountNumber: '1234567890123', ifsc: 'HDFC0001234' };
const BCA = { kind: 'bank', holderName: 'Siti Rahma', channelCode: 'ID_BCA', accountNumber: '1234567890' };

describe('where the money goes: the disbursal account (issue 28)', () => {
  it('keeps a valid Indian bank account masked beside the gateway id, the bank named from the IFSC, the name score stored', async () => {
    const session = await fresh(Market.India, 'Meera Iyer');
    expect((await read(session, Market.India)).json().data).toMatchObject({
      account: null,
      applicantName: 'Meera Iyer',
      changeNeedsCode: false,
    });
    const response = await save(session, Market.India, { ...INDIA_BANK, ifsc: 'hdfc0001234' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      code: '00',
      data: {
        account: {
          kind: 'bank',
          channelCode: 'HDFC0001234',
          bankName: 'HDFC Bank',
          last4: '0123',
          status: 'valid',
          nameMatchScore: 100,
          reason: null,
        },
      },
    });
    const [row] = await rowsOf(session);
    expect(row).toMatchObject({
      last4: '0123',
      gateway: 'sandbox',
      validationStatus: 'valid',
      registeredName: 'Meera Iyer',
      replacedAt: null,
    });
    expect(row!.gatewayAccountId).toBeTruthy();
    // the gateway keeps the account (its own id): the number is not kept at all
    expect(row!.numberEncrypted).toBeNull();
    expect(JSON.stringify(row)).not.toContain('1234567890123');
    expect(await t.app.disbursalAccounts.activeValidAccount(Number(session.userId))).toMatchObject({ id: row!.id });
    expect((await read(session, Market.India)).json().data).toMatchObject({
      account: { last4: '0123' },
      changeNeedsCode: true,
      phoneLast4: session.phone.slice(-4),
    });
  });

  it('takes a UPI ID', async () => {
    const session = await fresh(Market.India, 'Meera Iyer');
    const response = await save(session, Market.India, { kind: 'upi', holderName: 'Meera Iyer', vpa: 'borrower@okhdfcbank' });
    expect(response.json().data.account).toMatchObject({ kind: 'upi', channelCode: 'okhdfcbank', last4: 'ower', status: 'valid' });
  });

  it.each([
    ['a wrong IFSC', { ifsc: 'HDFC1234567' }, enIN.disbursalIfscInvalid],
    ['a short account number', { accountNumber: '12345678' }, enIN.disbursalAccountNumberInvalid],
    ['a holder name of digits', { holderName: '12345' }, enIN.disbursalHolderNameInvalid],
    ['an e-wallet', { kind: 'ewallet' }, enIN.disbursalKindInvalid],
  ])('refuses %s in India with its message, storing nothing', async (_label, change, message) => {
    const session = await fresh(Market.India, 'Meera Iyer');
    const response = await save(session, Market.India, { ...INDIA_BANK, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: ResultCode.InvalidRequest, message, data: null });
    expect(await rowsOf(session)).toEqual([]);
  });

  it('refuses a BCA number of the wrong length in Indonesian, naming the length, storing nothing', async () => {
    const session = await fresh(Market.Indonesia, 'Siti Rahma');
    const response = await save(session, Market.Indonesia, { ...BCA, accountNumber: '123456789' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: ResultCode.InvalidRequest, message: 'Nomor rekening BCA terdiri dari 10 angka.' });
    expect(await rowsOf(session)).toEqual([]);
  });

  it('keeps a valid BCA account with its number sealed (Xendit needs it for every payout) and an e-wallet by phone', async () => {
    const session = await fresh(Market.Indonesia, 'Siti Rahma');
    const response = await save(session, Market.Indonesia, BCA);
    expect(response.json().data.account).toMatchObject({ bankName: 'BCA', channelCode: 'ID_BCA', last4: '7890', status: 'valid' });
    const [row] = await rowsOf(session);
    expect(row!.numberEncrypted).not.toContain('1234567890');
    expect(openText(t.app.config.disbursalAccounts.encryptionKey, row!.numberEncrypted!)).toBe('1234567890');
    expect(t.app.disbursalAccounts.payoutDestination(row!).destination).toEqual({
      market: 'ID',
      kind: 'bank',
      holderName: 'Siti Rahma',
      accountNumber: '1234567890',
      channelCode: 'ID_BCA',
    });

    const other = await fresh(Market.Indonesia, 'Siti Rahma');
    const wallet = await save(other, Market.Indonesia, {
      kind: 'ewallet',
      holderName: 'Siti Rahma',
      channelCode: 'ID_OVO',
      phone: '0812-3456-7890',
    });
    expect(wallet.json().data.account).toMatchObject({ kind: 'ewallet', bankName: 'OVO', last4: '7890', status: 'valid' });
    const wrongPhone = await save(other, Market.Indonesia, {
      kind: 'ewallet',
      holderName: 'Siti Rahma',
      channelCode: 'ID_OVO',
      phone: '12345',
    });
    expect(wrongPhone.json()).toMatchObject({ code: ResultCode.InvalidRequest, message: idID.disbursalWalletPhoneInvalid });
  });

  it('keeps an account the gateway says does not exist as invalid, explained, and not usable for a payout', async () => {
    const session = await fresh(Market.India, 'Meera Iyer');
    const response = await save(session, Market.India, { ...INDIA_BANK, accountNumber: '1234567899001' });
    expect(response.json().data.account).toMatchObject({ status: 'invalid', reason: enIN.disbursalAccountNotFound, nameMatchScore: null });
    expect(await t.app.disbursalAccounts.activeValidAccount(Number(session.userId))).toBeNull();
  });

  it('explains a name mismatch with the score stored, and takes the corrected account without a code', async () => {
    const session = await fresh(Market.Indonesia, 'Siti Rahma');
    const mismatch = await save(session, Market.Indonesia, { ...BCA, accountNumber: '1234569002' });
    const account = mismatch.json().data.account;
    expect(account).toMatchObject({ status: 'name_mismatch', reason: interpolated(idID.disbursalNameMismatch, 'Siti Rahma') });
    expect(account.nameMatchScore).toBeLessThan(70);
    const [stored] = await rowsOf(session);
    expect(stored).toMatchObject({
      validationStatus: 'name_mismatch',
      registeredName: 'SANDBOX OTHER PERSON',
      nameMatchScore: account.nameMatchScore,
    });
    expect(await t.app.disbursalAccounts.activeValidAccount(Number(session.userId))).toBeNull();
    expect((await read(session, Market.Indonesia)).json().data).toMatchObject({
      changeNeedsCode: false,
      account: { status: 'name_mismatch' },
    });

    const corrected = await save(session, Market.Indonesia, BCA);
    expect(corrected.json().data.account).toMatchObject({ status: 'valid', last4: '7890' });
    const rows = await rowsOf(session);
    expect(rows.map((row) => [row.validationStatus, row.replacedAt === null])).toEqual([
      ['name_mismatch', false],
      ['valid', true],
    ]);
  });

  it('changes a valid account only with the SMS code, and a mismatched replacement keeps the valid one', async () => {
    const session = await fresh(Market.India, 'Meera Iyer');
    await save(session, Market.India, INDIA_BANK);
    const newAccount = { ...INDIA_BANK, accountNumber: '987654321012', ifsc: 'SBIN0000001' };

    const withoutCode = await save(session, Market.India, newAccount);
    expect(withoutCode.statusCode).toBe(403);
    expect(withoutCode.json()).toMatchObject({ code: ResultCode.DisbursalChangeNeedsCode, message: enIN.disbursalChangeNeedsCode });
    const wrongCode = await save(session, Market.India, { ...newAccount, smsCode: '000000' });
    expect(wrongCode.json().code).toBe(ResultCode.WrongVerificationCode);
    expect(await rowsOf(session)).toHaveLength(1);

    expect((await askCode(session, Market.India)).json().code).toBe('00');
    const mismatch = await save(session, Market.India, {
      ...newAccount,
      accountNumber: '987654329002',
      smsCode: await latestCode(session.phone),
    });
    expect(mismatch.json().data.account.status).toBe('name_mismatch');
    expect(await t.app.disbursalAccounts.activeValidAccount(Number(session.userId))).toMatchObject({ last4: '0123' });

    t.clock.advance(61_000);
    expect((await askCode(session, Market.India)).json().code).toBe('00');
    const code = await latestCode(session.phone);
    const changed = await save(session, Market.India, { ...newAccount, smsCode: code });
    expect(changed.json().data.account).toMatchObject({ status: 'valid', bankName: 'State Bank of India', last4: '1012' });
    expect(await t.app.disbursalAccounts.activeValidAccount(Number(session.userId))).toMatchObject({ last4: '1012' });
    // the code is spent
    t.clock.advance(1_000);
    const again = await save(session, Market.India, { ...INDIA_BANK, smsCode: code });
    expect(again.json().code).toBe(ResultCode.WrongVerificationCode);
    const active = (await rowsOf(session)).filter((row) => row.replacedAt === null);
    expect(active.map((row) => row.last4)).toEqual(['1012']);
  });

  it('keeps one account when two are given at the same instant: the second would replace a valid one without a code', async () => {
    const session = await fresh(Market.Indonesia, 'Siti Rahma');
    const answers = await Promise.all([
      save(session, Market.Indonesia, BCA),
      save(session, Market.Indonesia, { ...BCA, channelCode: 'ID_BNI', accountNumber: '0987654321' }),
    ]);
    expect(answers.map((answer) => answer.json().code).sort()).toEqual(['00', ResultCode.DisbursalChangeNeedsCode]);
    const rows = await rowsOf(session);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.replacedAt).toBeNull();
  });

  it('sends no change code when there is no valid account to change', async () => {
    const session = await fresh(Market.India, 'Meera Iyer');
    expect((await askCode(session, Market.India)).json().code).toBe(ResultCode.NotFound);
  });

  it("never reads or changes another borrower's account: each call is the session's", async () => {
    const owner = await fresh(Market.India, 'Meera Iyer');
    await save(owner, Market.India, INDIA_BANK);
    const stranger = await fresh(Market.India, 'Rahul Verma');
    expect((await read(stranger, Market.India)).json().data.account).toBeNull();
    const strangerSave = await save(stranger, Market.India, { ...INDIA_BANK, holderName: 'Rahul Verma', accountNumber: '555566667777' });
    expect(strangerSave.json().data.account.status).toBe('valid');
    expect(await t.app.disbursalAccounts.activeValidAccount(Number(owner.userId))).toMatchObject({ last4: '0123' });
    expect((await read(owner, Market.India)).json().data.account).toMatchObject({ last4: '0123' });
    const anonymous = await call(t.app, 'disbursalAccount', { query: { market: 'IN' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('asks for the application first when the borrower has no name', async () => {
    const session = await fresh(Market.Indonesia, '');
    const response = await save(session, Market.Indonesia, BCA);
    expect(response.json()).toMatchObject({ code: ResultCode.DisbursalNeedsApplication, message: idID.disbursalNeedsApplication });
    expect(await rowsOf(session)).toEqual([]);
  });
});

const interpolated = (template: string, name: string) => template.replace('{name}', name);
