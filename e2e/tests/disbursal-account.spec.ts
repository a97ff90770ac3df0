/**
 * Where the money goes (issue 28 item 1), in both packs at phone size: a new borrower opens loan
 * confirm, is asked for the account the loan is sent to, is refused a wrong IFSC (India) or a BCA
 * number of the wrong length (Indonesia) with a clear message by the field and nothing kept, gives a
 * right one, and is back on loan confirm, which shows the account's last four digits and a way to
 * change it, and confirms. Each screen is checked with axe and fits 360 px.
 */
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import type { Page } from '@playwright/test';
import { appUrl, callAs, type DemoMarket, type DemoSession, expect, expectAccessible, sessionParams, test } from '../fixtures.js';

const texts = {
  IN: {
    payoutTitle: 'Where the money goes',
    add: 'Add your account',
    title: 'Where should we send the money?',
    holder: "Account holder's name",
    number: 'Account number',
    save: 'Save and continue',
    sentTo: 'Sent to your HDFC Bank account ending 0123',
    change: 'Change account',
    confirm: 'Confirm',
    agree: enIN.agree,
    loanDetails: 'Loan details',
    refused: enIN.disbursalIfscInvalid,
  },
  ID: {
    payoutTitle: 'Ke mana dana dikirim',
    add: 'Tambahkan rekening Anda',
    title: 'Ke mana dana dikirim?',
    holder: 'Nama pemilik rekening',
    number: 'Nomor rekening',
    save: 'Simpan dan lanjutkan',
    sentTo: 'Dikirim ke rekening BCA Anda berakhiran 7890',
    change: 'Ganti rekening',
    confirm: 'Konfirmasi',
    agree: idID.agree,
    loanDetails: 'Detail pinjaman',
    refused: 'Nomor rekening BCA terdiri dari 10 angka.',
  },
} as const;

/** The page fits a 360 px phone: nothing sticks out sideways. */
const expectFits360 = async (page: Page) => {
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 640 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the page is wider than a 360 px phone').toBeLessThanOrEqual(0);
  await page.setViewportSize(viewport);
};

for (const market of ['IN', 'ID'] as DemoMarket[]) {
  const text = texts[market];

  test(`${market}: adds the account the loan is sent to, refused a wrong one first, and loan confirm shows its last four digits`, async ({
    page,
    request,
  }) => {
    // many screens, each checked with axe, on a machine the other workers share
    test.setTimeout(120_000);
    const session = (await (await request.get(`/dev/session?market=${market}&fresh=due`)).json()) as DemoSession;
    await page.goto(appUrl('/loanConfirm', sessionParams(session, { orderId: '', productId: session.productId })));
    const payout = page.getByRole('region', { name: text.payoutTitle });
    await expect(payout).toBeVisible();
    await payout.getByRole('link', { name: text.add }).click();

    await expect(page).toHaveURL(/\/disbursalAccount\?productId=\d+/);
    await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
    // the account must be in the applicant's name: it is filled in
    await expect(page.getByLabel(text.holder)).not.toHaveValue('');
    await expectAccessible(page);

    if (market === 'IN') {
      await expect(page.getByRole('radio', { name: 'Bank account' })).toBeChecked();
      await expect(page.getByRole('radio', { name: 'UPI ID' })).toBeVisible();
      await page.getByLabel(text.number).fill('1234567890123');
      // the bank is named once the IFSC has its form (4 letters, 0, 6 more), never from its first letters alone (issue 48)
      await page.getByLabel('IFSC').fill('hdfc0001234');
      await expect(page.getByText('Bank: HDFC Bank')).toBeVisible();
      await page.getByLabel('IFSC').fill('HDFC1234567');
      await expect(page.getByText('Bank: HDFC Bank')).toHaveCount(0);
    } else {
      await expect(page.getByRole('radio', { name: 'Rekening bank' })).toBeChecked();
      await expect(page.getByRole('radio', { name: 'E-wallet' })).toBeVisible();
      await expect(page.getByLabel('Bank', { exact: true })).toHaveValue('ID_BCA');
      // the expected length is shown before anything is typed
      await expect(page.getByText(text.refused)).toBeVisible();
      await page.getByLabel(text.number).fill('123456789');
    }
    await page.getByRole('button', { name: text.save }).click();

    const refusedField = market === 'IN' ? page.getByLabel('IFSC') : page.getByLabel(text.number);
    await expect(refusedField).toHaveAttribute('aria-invalid', 'true');
    await expect(refusedField).toHaveAccessibleDescription(new RegExp(text.refused.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expect(page).toHaveURL(/\/disbursalAccount/);
    await expectAccessible(page);
    await expectFits360(page);
    // nothing was kept
    expect((await callAs<{ account: unknown }>(request, session, 'disbursalAccount')).account).toBeNull();

    if (market === 'IN') await page.getByLabel('IFSC').fill('HDFC0001234');
    else await page.getByLabel(text.number).fill('1234567890');
    await page.getByRole('button', { name: text.save }).click();

    await expect(page).toHaveURL(/\/loanConfirm\?productId=\d+/);
    await expect(payout.getByText(text.sentTo)).toBeVisible();
    await expect(payout.getByRole('link', { name: text.change })).toBeVisible();
    await expectAccessible(page);
    await expectFits360(page);

    // the way to change it leads back to the account page, which now asks for the SMS code
    await payout.getByRole('link', { name: text.change }).click();
    await expect(page.getByLabel(market === 'IN' ? 'SMS code' : 'Kode SMS')).toBeVisible();
    await expectAccessible(page);
    await page.goBack();

    await expect(payout.getByText(text.sentTo)).toBeVisible();
    await page.getByRole('button', { name: text.confirm, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: text.agree }).click();
    await expect(page).toHaveURL(/\/loanDetails\?.*orderId=\d+/);
    await expect(page.getByRole('heading', { level: 1, name: text.loanDetails })).toBeVisible();
  });
}
