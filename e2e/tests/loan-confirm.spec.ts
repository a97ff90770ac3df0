import { API_PREFIX, Endpoints } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { appUrl, borrowerWithRoom, expect, expectAccessible, test } from '../fixtures.js';
import { pageParams } from './loan-orders.js';

interface LoanOffer {
  amount: number;
  productName: string;
  popTitle: string;
  popAgreementUrl: string;
  details: { text: string; value: string }[];
  repay_plans: { title: string }[];
  keyFacts?: { apr: string; fees: { text: string; value: string }[] };
}

const pushPath = `${API_PREFIX}${Endpoints.loanPush.path}`;

test.describe('loan confirmation V3', () => {
  test('shows amount, term, rate, detail lines, repayment plan and, for India, the key-fact statement', async ({ page, api, request }) => {
    const session = await borrowerWithRoom(request, 'IN');
    const offer = await api<LoanOffer>(session, 'loanConfirm', { productId: session.productId });
    await page.goto(appUrl('/loanConfirm', pageParams(session, { orderId: '', productId: session.productId })));
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your loan' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: offer.productName })).toBeVisible();
    await expect(page.getByText(enIN.loanAmount, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Repayment plan' })).toBeVisible();
    await expect(page.getByText(offer.repay_plans[0]!.title)).toBeVisible();
    const keyFacts = page.getByRole('region', { name: enIN.loanKeyFactTitle });
    await expect(keyFacts).toBeVisible();
    await expect(keyFacts.getByText(enIN.loanTotalCost)).toBeVisible();
    await expect(keyFacts.getByText(offer.keyFacts!.apr)).toBeVisible();
    for (const fee of offer.keyFacts!.fees) await expect(keyFacts.getByText(fee.text, { exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  test('the agreement checkbox is checked by default; unchecking it disables confirm', async ({ page, request }) => {
    const session = await borrowerWithRoom(request, 'ID');
    await page.goto(appUrl('/loanConfirm', pageParams(session, { orderId: '', productId: session.productId })));
    const agree = page.getByRole('checkbox', { name: 'Saya telah membaca dan menyetujui' });
    const confirm = page.getByRole('button', { name: 'Konfirmasi' });
    await expect(agree).toBeChecked();
    await expect(confirm).toBeEnabled();
    await agree.uncheck();
    await expect(confirm).toBeDisabled();
    await agree.check();
    await expect(confirm).toBeEnabled();
    // Indonesia states the key facts too (issue 48), without India's cooling-off exit
    const facts = page.getByRole('region', { name: idID.loanKeyFactTitle });
    await expect(facts).toBeVisible();
    await expect(facts.getByText(idID.loanCoolingOff)).toHaveCount(0);
  });

  test('the pop-up embeds the agreement page; Cancel closes it without submitting, Agree submits and opens loan details with from=confirm', async ({
    page,
    api,
    request,
  }) => {
    const session = await borrowerWithRoom(request, 'IN');
    // where the loan is sent, in the fresh borrower's name (issue 28)
    await api(session, 'disbursalAccountSave', {
      kind: 'bank',
      holderName: 'Aarav Sharma',
      accountNumber: '1234567890123',
      ifsc: 'HDFC0001234',
    });
    const offer = await api<LoanOffer>(session, 'loanConfirm', { productId: session.productId });
    const pushes: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes(pushPath)) pushes.push(sent.url());
    });
    await page.goto(appUrl('/loanConfirm', pageParams(session, { orderId: '', productId: session.productId })));
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    const popUp = page.getByRole('dialog', { name: offer.popTitle });
    await expect(popUp).toBeVisible();
    // each offer carries a fresh agreement link of the same kind
    await expect(popUp.locator('iframe')).toHaveAttribute('src', new RegExp(`^${offer.popAgreementUrl.replace(/[^/]+$/, '')}`));
    await expectAccessible(page);
    await popUp.getByRole('button', { name: enIN.cancel }).click();
    await expect(popUp).toBeHidden();
    expect(pushes).toEqual([]);

    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await popUp.getByRole('button', { name: enIN.agree }).click();
    await expect(page).toHaveURL(/\/loanDetails\?.*orderId=\d+.*&from=confirm/);
    await expect(page.getByRole('heading', { level: 1, name: 'Loan details' })).toBeVisible();
    expect(pushes).toHaveLength(1);
  });

  for (const market of ['IN', 'ID'] as const) {
    test(`tapping an agreement loads the agreement document the server serves, not 'Page not found' (${market})`, async ({
      page,
      api,
      request,
    }) => {
      const session = await borrowerWithRoom(request, market);
      const { list } = await api<{ list: { title: string; position: number }[] }>(session, 'contracts', {
        productId: session.productId,
        scene: '3',
      });
      await page.goto(appUrl('/loanConfirm', pageParams(session, { orderId: '', productId: session.productId })));
      await page.getByRole('button', { name: list[0]!.title }).click();
      // a real page load of the server's document (decision 051): its own heading and tables
      await expect(page).toHaveURL(new RegExp(`${API_PREFIX}/agreements/[^/?#]+$`));
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(market === 'IN' ? 'Page not found' : 'Halaman tidak ditemukan');
      await expect(page.getByRole('table').first()).toBeVisible();
    });
  }
});
