/**
 * Who the borrower is (issue 29 item 2), in both packs at phone size, through the sandbox KYC
 * provider: a new borrower opens loan confirm, follows "Prove who you are", is refused a wrong
 * Aadhaar check digit (India) or a NIK whose birth date disagrees (Indonesia) by the field, gives
 * the right numbers with a selfie (and the KTP photo), enters UIDAI's code in India, is verified
 * under the document's name, and loan confirm shows it. Each screen is checked with axe and fits 360 px.
 */
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import type { Page } from '@playwright/test';
import { appUrl, type DemoMarket, type DemoSession, expect, expectAccessible, sessionParams, test } from '../fixtures.js';

/** A small PNG, as a phone's camera would hand over a photo (re-encoded by the server). */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWPY0lNBEmIY1dAzGkpbhmvSAAAmjrgQjZr1sQAAAABJRU5ErkJggg==',
  'base64',
);
const photo = (name: string) => ({ name, mimeType: 'image/png', buffer: PHOTO });

const texts = {
  IN: {
    region: 'Who you are',
    link: 'Prove who you are',
    title: 'Prove who you are',
    name: 'Full name',
    birthDate: 'Date of birth',
    selfie: 'Selfie',
    consent: /I agree that Kilat checks my PAN and Aadhaar/,
    submit: 'Check my identity',
    verified: 'Your identity is verified.',
    continue: 'Continue to your loan',
    refused: enIN.identityAadhaarCheckDigit,
  },
  ID: {
    region: 'Identitas Anda',
    link: 'Verifikasi identitas',
    title: 'Verifikasi identitas',
    name: 'Nama lengkap',
    birthDate: 'Tanggal lahir',
    selfie: 'Swafoto',
    consent: /Saya setuju Kilat memeriksa NIK/,
    submit: 'Periksa identitas saya',
    verified: 'Identitas Anda sudah terverifikasi.',
    continue: 'Lanjut ke pinjaman Anda',
    refused: idID.identityNikBirthDate,
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

  test(`${market}: proves who they are through the sandbox provider from loan confirm, refused a wrong number first`, async ({
    page,
    request,
  }) => {
    // many screens, each checked with axe, on a machine the other workers share
    test.setTimeout(120_000);
    const session = (await (await request.get(`/dev/session?market=${market}&fresh=due&identity=none`)).json()) as DemoSession;
    await page.goto(appUrl('/loanConfirm', sessionParams(session, { orderId: '', productId: session.productId })));
    const region = page.getByRole('region', { name: text.region });
    await expect(region).toBeVisible();
    await region.getByRole('link', { name: text.link }).click();

    await expect(page).toHaveURL(/\/identity\?productId=\d+/);
    await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
    await expectAccessible(page);
    await expectFits360(page);

    if (market === 'IN') {
      await page.getByLabel(text.name).fill('Meera Iyer');
      await page.getByLabel(text.birthDate).fill('1990-04-12');
      await page.getByLabel('PAN', { exact: true }).fill('ABCPE1234F');
      // 2345 6789 0124 ends in its Verhoeff digit; 0125 does not
      await page.getByLabel('Aadhaar number').fill('2345 6789 0125');
    } else {
      await page.getByLabel(text.name).fill('Siti Rahma');
      await page.getByLabel(text.birthDate).fill('1990-08-06');
      // a woman's NIK: day 45 is the 5th
      await page.getByLabel('NIK', { exact: true }).fill('3174054508900012');
      await page.getByLabel('Foto KTP', { exact: true }).setInputFiles(photo('ktp.png'));
    }
    await page.getByLabel(text.selfie, { exact: true }).setInputFiles(photo('selfie.png'));
    await page.getByRole('checkbox', { name: text.consent }).check();
    await page.getByRole('button', { name: text.submit }).click();

    // refused by its field, before anything is sent
    const field = market === 'IN' ? page.getByLabel('Aadhaar number') : page.getByLabel('NIK', { exact: true });
    await expect(page.getByText(text.refused)).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toBeFocused();
    await expectAccessible(page);

    if (market === 'IN') {
      await field.fill('2345 6789 0124');
      await page.getByRole('button', { name: text.submit }).click();
      await expect(page.getByRole('heading', { name: 'Enter the Aadhaar code' })).toBeVisible();
      await expect(page.getByText('linked to your Aadhaar ending 0124')).toBeVisible();
      await expectAccessible(page);
      await page.getByLabel('Code from UIDAI').fill('000000');
      await page.getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByText(enIN.identityOtpWrong)).toBeVisible();
      await page.getByLabel('Code from UIDAI').fill('123456');
      await page.getByRole('button', { name: 'Confirm' }).click();
    } else {
      await page.getByLabel(text.birthDate).fill('1990-08-05');
      await page.getByRole('button', { name: text.submit }).click();
    }

    await expect(page.getByRole('heading', { name: text.verified })).toBeVisible();
    const documentName = market === 'IN' ? 'MEERA IYER' : 'SITI RAHMA';
    await expect(page.getByText(documentName)).toBeVisible();
    await expectAccessible(page);
    await expectFits360(page);

    await page.getByRole('link', { name: text.continue }).click();
    await expect(page).toHaveURL(/\/loanConfirm\?productId=\d+/);
    await expect(page.getByRole('region', { name: text.region })).toContainText(documentName);
    await expect(page.getByRole('link', { name: text.link })).toHaveCount(0);
  });
}
