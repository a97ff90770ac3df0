/**
 * Issue 48, majors 1 and 6, in both packs at phone size: the amount and term a borrower chose on
 * loan confirm survive the identity step, the payout account step and a reload, and the order sent
 * is the loan they chose; a borrower whose open loans use all of their limit is told so and offered
 * nothing to confirm.
 */
import { formatMoney, Market } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import type { Page } from '@playwright/test';
import disbursalIN from '../../apps/web/src/features/disbursal-account/texts/en-IN.js';
import disbursalID from '../../apps/web/src/features/disbursal-account/texts/id-ID.js';
import loanConfirmIN from '../../apps/web/src/features/loan-confirm/texts/en-IN.js';
import loanConfirmID from '../../apps/web/src/features/loan-confirm/texts/id-ID.js';
import { appUrl, type DemoMarket, type DemoSession, expect, expectAccessible, sessionParams, test } from '../fixtures.js';
import { proveIdentityFromLoanConfirm } from './borrower-app-helpers.js';

const packs = {
  IN: { t: enIN, confirm: loanConfirmIN, account: disbursalIN, market: Market.India },
  ID: { t: idID, confirm: loanConfirmID, account: disbursalID, market: Market.Indonesia },
} as const;

interface Offer {
  amount: number;
  periods: number;
  proposalNo: string;
  choice: { amountMinMinor: number; amountMaxMinor: number; amountStepMinor: number; termOptions: number[]; nothingLeft?: boolean };
}

/** The amount slider and term radios show this choice. */
const expectChoice = async (page: Page, market: DemoMarket, amountMinor: number, termDays: number) => {
  const { t, market: m } = packs[market];
  await expect(page.getByRole('slider', { name: t.loanAmount })).toHaveAttribute('aria-valuetext', formatMoney(amountMinor, m));
  await expect(page.getByRole('radio', { name: `${termDays} ${t.days}` })).toBeChecked();
};

for (const market of ['IN', 'ID'] as const) {
  const { t, confirm, account } = packs[market];

  test(`${market}: the loan chosen on loan confirm survives the identity step, the account step and a reload, and is the loan sent`, async ({
    page,
    request,
    api,
  }) => {
    test.setTimeout(120_000);
    const session = (await (await request.get(`/dev/session?market=${market}&fresh=due&identity=none`)).json()) as DemoSession;
    const productId = session.productId;
    const start = await api<Offer>(session, 'loanConfirm', { productId });
    expect(start.choice.nothingLeft ?? false, 'the fresh borrower has room left of the limit').toBe(false);
    // not the server's starting offer: one step above the smallest amount, the longest term
    const amount = start.choice.amountMinMinor + start.choice.amountStepMinor;
    const term = Math.max(...start.choice.termOptions);
    expect([amount, term]).not.toEqual([start.amount, start.periods]);

    await page.goto(appUrl('/loanConfirm', sessionParams(session, { orderId: '', productId, amount: String(amount), term: String(term) })));
    await expectChoice(page, market, amount, term);

    // the identity step and back
    await proveIdentityFromLoanConfirm(page, market, { name: 'Meera Iyer', birthDate: '1994-02-11' });
    await expect(page).toHaveURL(new RegExp(`amount=${amount}&term=${term}`));
    await expectChoice(page, market, amount, term);

    // the payout account step and back
    await page.getByRole('region', { name: confirm.payoutTitle }).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/disbursalAccount\\?productId=${productId}&amount=${amount}&term=${term}`));
    await page.getByLabel(account.holderName).fill('Meera Iyer');
    await page.getByLabel(market === 'IN' ? 'Account number' : 'Nomor rekening').fill('1234567890');
    if (market === 'IN') await page.getByLabel('IFSC').fill('HDFC0001234');
    await page.getByRole('button', { name: account.save }).click();
    await expect(page).toHaveURL(new RegExp(`/loanConfirm\\?productId=${productId}&amount=${amount}&term=${term}`));
    await expectChoice(page, market, amount, term);

    // a choice moved on loan confirm is kept by a reload
    const shorter = Math.min(...start.choice.termOptions);
    await page.getByRole('radio', { name: `${shorter} ${t.days}` }).check();
    await expect(page).toHaveURL(new RegExp(`term=${shorter}`));
    await page.reload();
    await expectChoice(page, market, amount, shorter);
    await expectAccessible(page);

    // the loan sent is the one chosen, and so is its proposal
    await page.getByRole('button', { name: confirm.confirm, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: t.agree }).click();
    await expect(page).toHaveURL(/\/loanDetails\?.*orderId=\d+/);
    const orderId = new URL(page.url()).searchParams.get('orderId')!;
    const details = await api<{ loanAmount?: number; amount?: number; principal?: number; periods?: number }>(session, 'loanDetails', {
      orderId,
      productId,
    });
    expect(JSON.stringify(details)).toContain(formatMoney(amount, packs[market].market));

    // the signed agreement by SMS (issue 48, major 4): an absolute link to one document with the clauses, the
    // schedule and (India) the key fact statement, and a way back to the app
    const phone = (session as DemoSession & { phone: string }).phone;
    let link = '';
    await expect
      .poll(async () => {
        const inbox = (await (await request.get(`/dev/sms?phone=${encodeURIComponent(phone)}`)).json()) as { data: { body: string }[] };
        link = inbox.data.map((sms) => /(https?:\/\/\S+\/agreements\/[\w-]+)/.exec(sms.body)?.[1] ?? '').find(Boolean) ?? '';
        return link;
      })
      .toMatch(/^https?:\/\//);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: t.loanAgreementTitle })).toBeVisible();
    await expect(page.getByRole('cell', { name: formatMoney(amount, packs[market].market) }).first()).toBeVisible();
    if (market === 'IN') await expect(page.getByRole('heading', { level: 2, name: t.loanKeyFactTitle })).toBeVisible();
    await expectAccessible(page);
    await page
      .getByRole('link', { name: market === 'IN' ? 'Back to Kilat' : 'Kembali ke Kilat' })
      .first()
      .click();
    await expect(page).toHaveURL(/\/main$/);
  });
}

test.describe('an offer nobody can take (issue 48, major 6)', () => {
  for (const market of ['ID', 'IN'] as const) {
    test(`${market}: a borrower whose open loans use the whole limit is told so and offered nothing to confirm`, async ({
      page,
      api,
      demo,
    }) => {
      const session = await demo(market);
      const offer = await api<Offer>(session, 'loanConfirm', { productId: session.productId });
      expect(offer.choice.nothingLeft).toBe(true);
      await page.goto(appUrl('/loanConfirm', sessionParams(session, { orderId: '', productId: session.productId })));
      const { t, confirm } = packs[market];
      await expect(page.getByText(t.loanNoLimitLeft.split('{limit}')[0]!)).toBeVisible();
      await expect(page.getByRole('button', { name: confirm.confirm, exact: true })).toHaveCount(0);
      await expect(page.getByRole('slider')).toHaveCount(0);
      await expectAccessible(page);
    });
  }
});
