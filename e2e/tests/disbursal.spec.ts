/**
 * The loan follows the money (issue 28), in both packs: a new borrower gives the account the loan is
 * sent to, confirms, sees the loan "disbursing" on loan details, and once the payout job has sent it
 * through the sandbox, "sent to your account ending …" with the day and the bank's reference. A
 * payout to an account the sandbox reports closed (ending 9006) fails: loan details says so and
 * offers another account; the borrower gives one (with the SMS code a change of a valid account
 * needs) and the loan is sent to it. A payout the lender's low balance holds (ending 9007) leaves the
 * loan "disbursing", as it is.
 */
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import type { APIRequestContext, Page } from '@playwright/test';
import { appUrl, type DemoMarket, type DemoSession, expect, expectAccessible, sessionParams, test } from '../fixtures.js';

const texts = {
  IN: {
    pack: enIN,
    payoutTitle: 'Where the money goes',
    add: 'Add your account',
    number: 'Account number',
    save: 'Save and continue',
    confirm: 'Confirm',
    smsCode: 'SMS code',
    getCode: /^(Get code|\d+ s)$/,
    // 13 digits and an IFSC (docs/sandboxes.md's test data), the last four decide at the sandbox
    good: '1234567890123',
    closed: '1234567899006',
    lowBalance: '1234567899007',
    other: '1234567894321',
  },
  ID: {
    pack: idID,
    payoutTitle: 'Ke mana dana dikirim',
    add: 'Tambahkan rekening Anda',
    number: 'Nomor rekening',
    save: 'Simpan dan lanjutkan',
    confirm: 'Konfirmasi',
    smsCode: 'Kode SMS',
    getCode: /^(Kirim kode|\d+ dtk)$/,
    // a BCA number has 10 digits
    good: '1234567890',
    closed: '1234569006',
    lowBalance: '1234569007',
    other: '1234564321',
  },
} as const;

type Fresh = DemoSession & { phone: string };

/** Loan confirm → the account page → back to confirm → confirmed: answers the loan details address. */
const borrowTo = async (page: Page, session: Fresh, number: string) => {
  const text = texts[session.market];
  await page.goto(appUrl('/loanConfirm', sessionParams(session, { orderId: '', productId: session.productId })));
  await page.getByRole('region', { name: text.payoutTitle }).getByRole('link', { name: text.add }).click();
  await page.getByLabel(text.number).fill(number);
  if (session.market === 'IN') await page.getByLabel('IFSC').fill('HDFC0001234');
  await page.getByRole('button', { name: text.save }).click();
  await expect(page).toHaveURL(/\/loanConfirm\?productId=\d+/);
  await page.getByRole('button', { name: text.confirm, exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: text.pack.agree }).click();
  await expect(page).toHaveURL(/\/loanDetails\?.*orderId=\d+/);
  return new URL(page.url()).searchParams.get('orderId')!;
};

/** The decision's time passes for this order (its timeline moves a day back), then the payout job runs. */
const decideAndPayOut = async (request: APIRequestContext, orderId: string) => {
  const aged = await request.post(`/dev/orders/${orderId}/age`, { form: { days: '1' } });
  expect(aged.ok(), await aged.text()).toBe(true);
  await runPayouts(request);
};

const runPayouts = async (request: APIRequestContext) => {
  const run = await request.post('/dev/jobs/payouts/run');
  expect(run.ok(), await run.text()).toBe(true);
};

const rowValue = (page: Page, label: string) => page.locator('dl div, dl > *').filter({ hasText: label }).first();

for (const market of ['IN', 'ID'] as DemoMarket[]) {
  const text = texts[market];
  const { pack } = text;

  test(`${market}: confirmed, the loan is disbursing; once the payout lands it is sent to the account ending …`, async ({
    page,
    request,
  }) => {
    const session = (await (await request.get(`/dev/session?market=${market}&fresh=due`)).json()) as Fresh;
    const orderId = await borrowTo(page, session, text.good);
    // the decision shows after its delay; no money has moved
    await request.post(`/dev/orders/${orderId}/age`, { form: { days: '1' } });
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: pack.loanNotice151 })).toBeVisible();
    await expect(page.getByText(pack.loanSendingTo)).toBeVisible();
    await expect(page.getByRole('button', { name: pack.repay })).toHaveCount(0);
    await expectAccessible(page);

    await runPayouts(request);
    await page.reload();
    await expect(page.getByText(pack.loanSentToNotice.replace('{last4}', text.good.slice(-4)))).toBeVisible();
    await expect(page.getByText(pack.loanUtr)).toBeVisible();
    await expect(rowValue(page, pack.loanUtr)).toContainText(/\d{12}/);
    await expect(page.getByRole('button', { name: pack.repay })).toBeVisible();
    await expectAccessible(page);
  });

  test(`${market}: a payout the gateway holds for the lender's low balance leaves the loan honestly disbursing`, async ({
    page,
    request,
  }) => {
    const session = (await (await request.get(`/dev/session?market=${market}&fresh=due`)).json()) as Fresh;
    const orderId = await borrowTo(page, session, text.lowBalance);
    await decideAndPayOut(request, orderId);
    // the job sent it; the sandbox queues it for a day (docs/sandboxes.md): no money moved, nothing is owed, nothing claims it was sent
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: pack.loanNotice151 })).toBeVisible();
    await expect(page.getByText(pack.loanSendingTo)).toBeVisible();
    await expect(page.getByText(pack.loanSentToNotice.replace('{last4}', text.lowBalance.slice(-4)))).toHaveCount(0);
    await expect(page.getByRole('button', { name: pack.repay })).toHaveCount(0);
    await expect(page.getByRole('button', { name: pack.loanCancel })).toHaveCount(0);
  });

  test(`${market}: a payout to a closed account fails; the borrower gives another account and the loan is sent to it`, async ({
    page,
    request,
  }) => {
    const session = (await (await request.get(`/dev/session?market=${market}&fresh=due`)).json()) as Fresh;
    const orderId = await borrowTo(page, session, text.closed);
    await decideAndPayOut(request, orderId);
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: pack.loanNoticePayoutFailed })).toBeVisible();
    await expect(page.getByText(pack.loanNoticeDesPayoutFailed.split('{last4}')[0]!)).toBeVisible();
    await expect(page.getByRole('button', { name: pack.loanCancel })).toBeVisible();
    await expectAccessible(page);

    // another account: a change of a valid account takes the SMS code sent to the borrower's phone
    await page.getByRole('link', { name: pack.loanGiveAnotherAccount }).click();
    await expect(page).toHaveURL(/\/disbursalAccount/);
    // (where the account page asks for it: a change of an account the bank confirmed)
    await expect(page.getByLabel(text.number)).toBeVisible();
    if ((await page.getByLabel(text.smsCode).count()) > 0) {
      const before = ((await (await request.get(`/dev/sms?phone=${encodeURIComponent(session.phone)}`)).json()) as { data: unknown[] }).data
        .length;
      await page.getByRole('button', { name: text.getCode }).click();
      let code = '';
      await expect
        .poll(async () => {
          const inbox = (await (await request.get(`/dev/sms?phone=${encodeURIComponent(session.phone)}`)).json()) as {
            data: { body: string }[];
          };
          code = inbox.data.length > before ? (/\b(\d{6})\b/.exec(inbox.data[0]?.body ?? '')?.[1] ?? '') : '';
          return code;
        })
        .not.toBe('');
      await page.getByLabel(text.smsCode).fill(code);
    }
    await page.getByLabel(text.number).fill(text.other);
    if (market === 'IN') await page.getByLabel('IFSC').fill('HDFC0001234');
    await page.getByRole('button', { name: text.save }).click();
    await expect(page.getByText(text.other.slice(-4)).first()).toBeVisible();

    await runPayouts(request);
    await page.goto(appUrl('/loanDetails', sessionParams(session, { orderId, productId: session.productId })));
    await expect(page.getByText(pack.loanSentToNotice.replace('{last4}', text.other.slice(-4)))).toBeVisible();
    await expect(page.getByRole('button', { name: pack.repay })).toBeVisible();
  });
}
