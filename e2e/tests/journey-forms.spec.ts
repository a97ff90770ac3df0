/**
 * Issue 48, minor items of the forms a new borrower fills, in a phone browser: a refusal on the
 * application stays beside its field and says what is true (correct the figure and continue); the
 * identity form names every wrong field at once, keeps what was typed after a failed check, links
 * "contact us", starts from the application's birth date, shows the selfie chosen and counts down to
 * sending UIDAI's code again; loan confirm says a step is missing before any agreement opens; the
 * account page says a refused account was refused, forgets a bank's error once the e-wallet is
 * chosen, names a bank only for an IFSC of the right form, and wraps its title at 360 px.
 */
import { interpolate } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import type { Locator, Page } from '@playwright/test';
import { appUrl, borrowerWithRoom, type DemoMarket, expect, expectAccessible, sessionParams, test } from '../fixtures.js';

/** A small PNG, as a phone's camera would hand over a photo (re-encoded by the server). */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWPY0lNBEmIY1dAzGkpbhmvSAAAmjrgQjZr1sQAAAABJRU5ErkJggg==',
  'base64',
);
const photo = (name: string) => ({ name, mimeType: 'image/png', buffer: PHOTO });

/** The page fits a 360 px phone: nothing sticks out sideways. */
const expectFits360 = async (page: Page) => {
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 640 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the page is wider than a 360 px phone').toBeLessThanOrEqual(0);
  await page.setViewportSize(viewport);
};

/** A field marked invalid whose description (read with it) holds the text: inline and lasting, not a toast. */
const expectRefusedBeside = async (field: Locator, text: string) => {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
};

const application = {
  IN: {
    pack: enIN,
    name: ['Full name', 'Meera Iyer'],
    birthDate: 'Date of birth',
    salary: ['Monthly salary (₹)', '45000', '11000'],
    salaried: 'Salaried',
    city: ['Search your city', 'ben', 'Bengaluru'],
    married: null,
    continue: 'Continue',
    floor: '₹12,000.00',
  },
  ID: {
    pack: idID,
    name: ['Nama lengkap', 'Siti Rahma'],
    birthDate: 'Tanggal lahir',
    salary: ['Penghasilan per tahun (Rp)', '96000000', '4000000'],
    salaried: 'Karyawan',
    city: ['Cari kota Anda', 'surab', 'Surabaya'],
    married: { group: 'Apakah Anda sudah menikah?', no: 'Tidak' },
    continue: 'Lanjutkan',
    floor: 'Rp\u00a05.000.000,00',
  },
} as const;

const fillApplication = async (page: Page, market: DemoMarket, salary: string, birthDate = '1994-02-11') => {
  const text = application[market];
  await page.getByLabel(text.name[0]).fill(text.name[1]);
  await page.getByLabel(text.birthDate).fill(birthDate);
  if (text.married) await page.getByRole('group', { name: text.married.group }).getByRole('radio', { name: text.married.no }).check();
  await page.getByLabel(text.salary[0]).fill(salary);
  await page.getByRole('radio', { name: text.salaried }).check();
  await page.getByLabel(text.city[0]).fill(text.city[1]);
  await page.getByRole('button', { name: text.city[2] }).click();
};

for (const market of ['IN', 'ID'] as DemoMarket[]) {
  const text = application[market];

  test(`${market}: the income floor's refusal stays beside the salary, says to correct a typo, and the corrected figure continues at once`, async ({
    page,
    request,
  }) => {
    const session = await borrowerWithRoom(request, market, 'none');
    await page.goto(appUrl('/application', sessionParams(session, { productId: session.productId, orderId: '' })));
    await fillApplication(page, market, text.salary[2]);
    await page.getByRole('button', { name: text.continue }).click();

    const salary = page.getByLabel(text.salary[0]);
    const refusal = interpolate(text.pack.applicationIncomeBelowFloor, { floor: text.floor });
    await expectRefusedBeside(salary, refusal);
    await expect(salary).toBeFocused();
    // no day to come back on: the server keeps no lockout, so the page promises none
    expect(refusal).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    await expect(page).toHaveURL(/\/application\?/);
    await expectAccessible(page);
    await expectFits360(page);

    await salary.fill(text.salary[1]);
    await expect(salary).toHaveAttribute('aria-invalid', 'false');
    await expect(page.getByText(refusal)).toHaveCount(0);
    await page.getByRole('button', { name: text.continue }).click();
    await expect(page).toHaveURL(/\/loanConfirm\?productId=\d+&amount=\d+&term=\d+/);
  });
}

test('IN: the age refusal is shown on the date of birth, marked and described, not as a toast', async ({ page, request }) => {
  const session = await borrowerWithRoom(request, 'IN', 'none');
  await page.goto(appUrl('/application', sessionParams(session, { productId: session.productId, orderId: '' })));
  await fillApplication(page, 'IN', '45000', '2012-01-01');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectRefusedBeside(page.getByLabel('Date of birth'), enIN.applicationTooYoung.split('{date}')[0]!.trim());
  await expect(page.getByLabel('Monthly salary (₹)')).toHaveAttribute('aria-invalid', 'false');
  await expectAccessible(page);
});

test('IN: loan confirm names the missing steps before any agreement opens', async ({ page, request }) => {
  const session = await borrowerWithRoom(request, 'IN', 'none');
  await page.goto(appUrl('/loanConfirm', sessionParams(session, { orderId: '', productId: session.productId })));
  await expect(page.getByRole('region', { name: 'Who you are' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();

  const alert = page.getByRole('alert').filter({ hasText: 'Before you confirm' });
  await expect(alert).toContainText('Before you confirm, please prove who you are.');
  await expect(alert).toContainText('Before you confirm, please tell us the account in your name where we send the money.');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectAccessible(page);
  await expectFits360(page);
  await alert.getByRole('link', { name: 'Prove who you are' }).click();
  await expect(page).toHaveURL(/\/identity\?productId=\d+/);
});

test('IN: the identity form starts from the application, names every wrong field at once, shows the selfie, counts down to a new code and keeps everything after a failed check', async ({
  page,
  request,
}) => {
  // many screens, each checked with axe, on a machine the other workers share
  test.setTimeout(120_000);
  const session = await borrowerWithRoom(request, 'IN', 'none');
  await page.goto(appUrl('/application', sessionParams(session, { productId: session.productId, orderId: '' })));
  await fillApplication(page, 'IN', '45000', '1990-04-12');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/loanConfirm\?/);
  await page.getByRole('region', { name: 'Who you are' }).getByRole('link', { name: 'Prove who you are' }).click();
  await expect(page).toHaveURL(/\/identity\?productId=\d+/);

  // the birth date of the application, not typed twice
  await expect(page.getByLabel('Date of birth')).toHaveValue('1990-04-12');

  const name = page.getByLabel('Full name');
  const pan = page.getByLabel('PAN', { exact: true });
  const aadhaar = page.getByLabel('Aadhaar number');
  const selfie = page.getByLabel('Selfie', { exact: true });
  const consent = page.getByRole('checkbox', { name: /I agree that Kilat checks my PAN and Aadhaar/ });
  await name.fill('M');
  await pan.fill('ABC');
  await aadhaar.fill('2345 6789 0125');
  await page.getByRole('button', { name: 'Check my identity' }).click();
  // every problem at once, each beside its field
  await expectRefusedBeside(name, enIN.identityNameInvalid);
  await expectRefusedBeside(pan, enIN.identityPanInvalid);
  await expectRefusedBeside(aadhaar, enIN.identityAadhaarCheckDigit);
  await expectRefusedBeside(selfie, enIN.identitySelfieMissing);
  await expectRefusedBeside(consent, enIN.identityConsentMissing);
  await expect(name).toBeFocused();
  await expectAccessible(page);

  // the sandbox's PAN ending 9002 belongs to someone else: the check fails after UIDAI's code
  await name.fill('Meera Iyer');
  await expect(name).toHaveAttribute('aria-invalid', 'false');
  await expect(pan).toHaveAttribute('aria-invalid', 'true');
  await pan.fill('ABCPE9002F');
  await aadhaar.fill('2345 6789 0124');
  await selfie.setInputFiles(photo('selfie.png'));
  await expect(page.getByRole('img', { name: 'Your selfie' })).toBeVisible();
  await consent.check();
  await expectAccessible(page);
  await expectFits360(page);
  await page.getByRole('button', { name: 'Check my identity' }).click();

  await expect(page.getByRole('heading', { name: 'Enter the Aadhaar code' })).toBeVisible();
  // a new code waits for the server's countdown, shown on the button
  const resend = page.getByRole('button', { name: /^Send the code again in \d+ s$/ });
  await expect(resend).toBeDisabled();
  await expectAccessible(page);
  await page.getByLabel('Code from UIDAI').fill('123456');
  await page.getByRole('button', { name: 'Confirm' }).click();

  await expect(page.getByRole('heading', { name: 'We could not verify your identity' })).toBeVisible();
  await expect(page.getByText(enIN.identityNameMismatch)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', /\/customerService/);
  // what was typed and chosen is all still there
  await expect(name).toHaveValue('Meera Iyer');
  await expect(page.getByLabel('Date of birth')).toHaveValue('1990-04-12');
  await expect(pan).toHaveValue('ABCPE9002F');
  await expect(aadhaar).toHaveValue('2345 6789 0124');
  await expect(consent).toBeChecked();
  await expect(page.getByRole('img', { name: 'Your selfie' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL(/\/customerService/);
});

test('IN: a refused account says it was refused and what to do; a bank is named only for an IFSC of the right form; the title wraps at 360 px', async ({
  page,
  request,
}) => {
  const session = await borrowerWithRoom(request, 'IN');
  await page.goto(appUrl('/disbursalAccount', sessionParams(session, { orderId: '', productId: session.productId })));
  const title = page.getByRole('heading', { level: 1, name: 'Where should we send the money?' });
  await expect(title).toBeVisible();
  await page.setViewportSize({ width: 360, height: 640 });
  // the whole title is read: it wraps rather than ending in '…'
  expect(await title.evaluate((heading) => heading.scrollWidth <= heading.clientWidth)).toBe(true);
  await expectFits360(page);
  await page.setViewportSize({ width: 390, height: 844 });

  const ifsc = page.getByLabel('IFSC', { exact: true });
  await page.getByLabel('Account number').fill('1234567899001');
  await ifsc.fill('HDFC123');
  await expect(page.getByText('Bank: HDFC Bank')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expectRefusedBeside(ifsc, enIN.disbursalIfscInvalid);
  await expectAccessible(page);

  await ifsc.fill('HDFC0001234');
  await expect(page.getByText('Bank: HDFC Bank')).toBeVisible();
  // the sandbox's account ending 9001 does not exist
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: enIN.disbursalAccountNotFound })).toBeVisible();
  await page.reload();
  const current = page.getByRole('region', { name: 'Your account was refused' });
  await expect(current).toContainText('HDFC Bank account ending 9001');
  await expect(current).toContainText(enIN.disbursalAccountNotFound);
  await expect(current).toContainText('Please give another account in your own name below.');
  await expect(page.getByRole('heading', { name: 'Your account', exact: true })).toHaveCount(0);
  await expectAccessible(page);
});

test("ID: the bank's refusal is forgotten once the e-wallet is chosen, and the refused account says so", async ({ page, request }) => {
  const session = await borrowerWithRoom(request, 'ID');
  await page.goto(appUrl('/disbursalAccount', sessionParams(session, { orderId: '', productId: session.productId })));
  await expect(page.getByRole('heading', { level: 1, name: 'Ke mana dana dikirim?' })).toBeVisible();
  // the sandbox's BCA account ending 9001 does not exist
  await page.getByLabel('Nomor rekening').fill('1234569001');
  await page.getByRole('button', { name: 'Simpan dan lanjutkan' }).click();
  const form = page.locator('form');
  await expect(form.getByRole('alert')).toContainText(idID.disbursalAccountNotFound);

  await page.getByRole('radio', { name: 'E-wallet' }).check();
  await expect(form).not.toContainText(idID.disbursalAccountNotFound);
  await expect(page.getByRole('region', { name: 'Rekening Anda ditolak' })).toContainText('berakhiran 9001');
  await expectAccessible(page);
  await expectFits360(page);
});
