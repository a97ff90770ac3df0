import { OrderStatus, orderStatuses } from '@kilat/contract';
import { appUrl, expect, expectAccessible, test } from '../fixtures.js';

// a 1×1 PNG, enough for the browser to decode and preview
const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const indonesianLinkNames = [
  'Konfirmasi pinjaman',
  'Detail pesanan',
  'Pembayaran',
  'Perpanjangan',
  'Tautkan kartu bank',
  'Tentang kami',
  'Pengaduan',
  'Layanan pelanggan',
  'Kebijakan privasi',
  'Petunjuk pembayaran',
];

/** The query of a link, also when a hash route carries it after the '#'. */
const queryOf = (href: string) => new URLSearchParams(href.slice(href.lastIndexOf('?') + 1));

test.describe('test preview', () => {
  test('opens pre-filled with the demo borrower from /dev/session outside production', async ({ page, demo }) => {
    const expected = await demo('IN');
    await page.goto(appUrl('/testPreview', { isNeedPop: 1 }));
    await expect(page.getByLabel('Device id')).toHaveValue(expected.deviceId);
    await expect(page.getByLabel('Order id')).toHaveValue(String(expected.orderId));
    await expect(page.getByLabel('Product id')).toHaveValue(String(expected.productId));
    await expect(page.getByLabel('App version')).toHaveValue(expected.appVersion);
    await expect(page.getByLabel('sessionId')).not.toHaveValue('');
    await expect(page.getByRole('radio', { name: 'India' })).toBeChecked();
    await expectAccessible(page);
  });

  test('opens any seeded order: choosing a demo order by status fills its ids, and Order detail opens it in that status', async ({
    page,
    demo,
  }) => {
    const session = await demo('IN');
    const settled = session.orders.find((order) => order.status === OrderStatus.Settled && order.orderNo.includes('DEMO'))!;
    await page.goto(appUrl('/testPreview', { isNeedPop: 1 }));
    const picker = page.getByLabel('Demo order (by status)');
    await expect(picker).toBeVisible();
    for (const status of orderStatuses)
      await expect(picker.getByRole('option', { name: `Status ${status} · `, exact: false }).first()).toBeAttached();
    await picker.selectOption(settled.orderId);
    await expect(page.getByLabel('Order id')).toHaveValue(settled.orderId);
    await expect(page.getByLabel('Product id')).toHaveValue(settled.productId);
    await page.getByRole('link', { name: 'Order detail' }).click();
    // a settled loan offers 'Loan more' and nothing else (spec §4)
    await expect(page.getByRole('button', { name: 'Loan more' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Repay' })).toHaveCount(0);
  });

  test('the Indonesian pack is accessible too', async ({ page }) => {
    await page.goto(appUrl('/testPreview', { isNeedPop: 0 }));
    await expect(page.getByRole('heading', { level: 1, name: 'Pratinjau uji' })).toBeVisible();
    await expect(page.getByLabel('ID perangkat')).not.toHaveValue('');
    await expectAccessible(page);
  });

  test('every link carries the typed values, and following one opens that page with the typed session', async ({ page, demo }) => {
    const session = await demo('ID');
    // the page speaks the language of its market (issue 14): Indonesia, in Bahasa Indonesia
    await page.goto(appUrl('/testPreview', { isNeedPop: 0 }));
    await expect(page.getByLabel('ID perangkat')).not.toHaveValue('');

    const typed = {
      'Versi aplikasi': session.appVersion,
      'Nama perangkat': session.deviceName,
      'ID perangkat': session.deviceId,
      'Versi OS': session.osVersion,
      sessionId: session.sessionId,
      'ID iklan': 'ad-4f1c',
      'ID produk': String(session.productId),
      'ID pesanan': String(session.orderId),
    };
    for (const [label, value] of Object.entries(typed)) await page.getByLabel(label, { exact: true }).fill(value);

    for (const name of indonesianLinkNames) {
      const href = (await page.getByRole('link', { name, exact: true }).getAttribute('href')) ?? '';
      const query = queryOf(href);
      expect(query.get('deviceId'), name).toBe(session.deviceId);
      expect(query.get('appVersion'), name).toBe(session.appVersion);
      expect(query.get('deviceName'), name).toBe(session.deviceName);
      expect(query.get('osVersion'), name).toBe(session.osVersion);
      expect(query.get('sessionId'), name).toBe(session.sessionId);
      expect(query.get('gaid'), name).toBe('ad-4f1c');
      expect(query.get('productId'), name).toBe(String(session.productId));
      expect(query.get('orderId'), name).toBe(String(session.orderId));
      expect(query.get('isNeedPop'), name).toBe('0');
    }
    const bindCard = (await page.getByRole('link', { name: 'Tautkan kartu bank' }).getAttribute('href')) ?? '';
    expect(bindCard.startsWith('/#/addnormalcard?')).toBe(true);
    expect(queryOf(bindCard).get('from')).toBe('payway');

    await page.getByRole('link', { name: 'Layanan pelanggan', exact: true }).click();
    await expect(page).toHaveURL(/\/customerService/);
    await expect(page.getByRole('heading', { level: 1, name: 'Layanan pelanggan' })).toBeVisible();
    await expect(page.getByRole('link', { name: /E-mail/ })).toContainText('cs@kilat.co.id');
    // the session token is moved out of the visible address
    expect(new URL(page.url()).searchParams.get('sessionId')).toBeNull();
  });

  test('the photo picker previews the chosen photo', async ({ page }) => {
    await page.goto(appUrl('/testPreview', { isNeedPop: 1 }));
    await expect(page.getByRole('img', { name: 'Preview of the chosen photo' })).toHaveCount(0);
    await page.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: tinyPng });
    const preview = page.getByRole('img', { name: 'Preview of the chosen photo' });
    await expect(preview).toBeVisible();
    await expect(preview).toHaveAttribute('src', /^blob:/);
  });

  test("the contact input keeps the market's mobile, digits only, grouped as the market writes it", async ({ page }) => {
    await page.goto(appUrl('/testPreview', { isNeedPop: 1 }));
    const contact = page.getByLabel('Contact', { exact: true });
    await contact.pressSequentially('98765-43210-99');
    await expect(contact).toHaveValue('98765 43210');
  });

  test('the geolocation button shows the coordinates the browser grants', async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 12.9716, longitude: 77.5946 });
    await page.goto(appUrl('/testPreview', { isNeedPop: 1 }));
    await page.getByRole('button', { name: 'Get location' }).click();
    await expect(page.getByText('Latitude 12.97160, longitude 77.59460')).toBeVisible();
  });

  test('the geolocation button shows the error when the browser refuses', async ({ page, context }) => {
    await context.clearPermissions();
    await page.goto(appUrl('/testPreview', { isNeedPop: 1 }));
    await page.getByRole('button', { name: 'Get location' }).click();
    await expect(page.getByText(/^Location unavailable: /)).toBeVisible();
  });
});
