import { API_PREFIX, Endpoints, OrderStatus } from '@kilat/contract';
import { appUrl, callAs, expect, expectAccessible, test } from '../fixtures.js';
import { pageParams } from './loan-orders.js';
import { expectSettledOnBorrowDetail, openPayWay, orderIn, repaymentWay, toast, ui } from './pay-way-helpers.js';
import { freshBorrower } from './repayment-helpers.js';

interface BankList {
  list: { bankCode: string; bankName: string }[];
}

// the sandbox's test card that needs no SMS code (needValid 0)
const NO_CODE_CARD = '4000000000000077';

test.describe('bind card', () => {
  test('groups the number by 4, refuses a missing bank, a Luhn-invalid number and a missing name, binds a valid card and pays with it without a code', async ({
    page,
    request,
  }) => {
    const c = ui.IN;
    const borrower = await freshBorrower(request, 'IN');
    const order = orderIn(borrower, OrderStatus.DueSoon);
    const way = await repaymentWay(request, borrower, order.orderId);
    const { list: banks } = await callAs<BankList>(request, borrower, 'bankList');
    const bank = banks[0]!;
    const binds: string[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname === `${API_PREFIX}${Endpoints.bindCard.path}`) binds.push(sent.url());
    });

    await openPayWay(page, borrower, order, way.amount);
    await page.getByRole('link', { name: c.addCard }).click();
    await expect(page).toHaveURL(
      new RegExp(
        `#/addnormalcard\\?orderId=${order.orderId}&productId=${order.productId}&couponMoney=&couponId=&withholdingAmount=${way.amount}&from=payway&purpose=repay$`,
      ),
    );
    await expect(page.getByRole('heading', { level: 1, name: c.bindCard })).toBeVisible();
    await expectAccessible(page);

    const number = page.getByLabel(c.cardNumber);
    const holder = page.getByLabel(c.holderName);
    await number.pressSequentially('40000');
    await expect(number).toHaveValue('4000 0');
    await number.pressSequentially('000-0000 a0078');
    await expect(number).toHaveValue('4000 0000 0000 0078');

    // nothing chosen: the bank first
    await page.getByRole('button', { name: c.save }).click();
    await expect(toast(page, c.chooseBank)).toBeVisible();
    await expect(page.getByLabel(c.bank)).toBeFocused();

    // a wrong Luhn digit is refused here, before anything is sent
    await page.getByLabel(c.bank).selectOption({ label: bank.bankName });
    await holder.fill('Asha Rao');
    await page.getByRole('button', { name: c.save }).click();
    await expect(toast(page, c.invalidCardNumber)).toBeVisible();
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    await expect(number).toBeFocused();
    await expectAccessible(page);

    await number.fill('');
    await number.pressSequentially(NO_CODE_CARD);
    await expect(number).toHaveValue('4000 0000 0000 0077');
    await holder.fill(' ');
    await page.getByRole('button', { name: c.save }).click();
    await expect(toast(page, c.enterHolderName)).toBeVisible();
    expect(binds).toEqual([]);
    expect((await repaymentWay(request, borrower, order.orderId)).bankCards).toHaveLength(way.bankCards.length);

    await holder.fill('Asha Rao');
    await page.getByRole('button', { name: c.save }).click();
    await expect(toast(page, c.cardSaved)).toBeVisible();
    expect(binds).toHaveLength(1);

    // back on pay-way with the same parameters and the new card, listed masked and selected
    await expect(page).toHaveURL(
      new RegExp(
        `/payway\\?orderId=${order.orderId}&productId=${order.productId}&withholdingAmount=${way.amount}&purpose=repay&cardId=[^&]+$`,
      ),
    );
    const cards = (await repaymentWay(request, borrower, order.orderId)).bankCards;
    const bound = cards.find((card) => card.cardNo.endsWith('0077'))!;
    expect(bound.cardNo).not.toContain(NO_CODE_CARD);
    const radio = page.getByRole('radio', { name: `${bound.bankName} ${bound.cardNo}` });
    await expect(radio).toBeChecked();
    // the full number is nowhere but in the input it was typed into: not in the page, the address or storage
    const leftovers = await page.evaluate(() => [
      document.body.innerHTML,
      window.location.href,
      JSON.stringify({ ...sessionStorage }),
      JSON.stringify({ ...localStorage }),
    ]);
    for (const place of leftovers) expect(place).not.toContain(NO_CODE_CARD);

    // this card needs no code (needValid 0): pay goes straight to borrow detail
    await radio.check();
    await page.getByRole('button', { name: c.pay }).click();
    await expectSettledOnBorrowDetail(page, request, borrower, order);
    await expect(page.getByRole('dialog', { name: c.verify })).toHaveCount(0);
  });

  test('speaks Bahasa Indonesia in the Indonesia pack, with its own card-number message', async ({ page, request }) => {
    const c = ui.ID;
    const borrower = await freshBorrower(request, 'ID');
    const order = orderIn(borrower, OrderStatus.DueSoon);
    const { list: banks } = await callAs<BankList>(request, borrower, 'bankList');
    await page.goto(
      appUrl('/#/addnormalcard', {
        ...pageParams(borrower, order),
        couponMoney: '0',
        couponId: '',
        withholdingAmount: '0',
        from: 'payway',
      }),
    );
    await expect(page.getByRole('heading', { level: 1, name: c.bindCard })).toBeVisible();
    await page.getByLabel(c.bank).selectOption({ label: banks[0]!.bankName });
    await page.getByLabel(c.cardNumber).pressSequentially('4111111111111112');
    await page.getByLabel(c.holderName).fill('Budi Santoso');
    await page.getByRole('button', { name: c.save }).click();
    await expect(toast(page, c.invalidCardNumber)).toBeVisible();
    await expectAccessible(page);
  });
});
