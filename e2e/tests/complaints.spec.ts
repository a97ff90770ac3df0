import { COLLECTION_PROBLEM_TYPE, Endpoints, Limits } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import type { Page } from '@playwright/test';
import { appUrl, callAs, expect, expectAccessible, sessionParams, test } from '../fixtures.js';

// both language packs (sessionParams opens India's with isNeedPop 1, Indonesia's with 0: spec §1)
const markets = [
  {
    market: 'IN',
    texts: enIN,
    labels: { entry: 'Complaint', form: 'Send a complaint', addImage: 'Add image', stars: '4 stars' },
  },
  {
    market: 'ID',
    texts: idID,
    labels: { entry: 'Pengaduan', form: 'Kirim pengaduan', addImage: 'Tambah foto', stars: '4 bintang' },
  },
] as const;

const SAVED_ORDER_KEY = 'kilat.complaint.order';

interface OrderSummary {
  orderNo: string;
  productName: string;
  isShow: number;
}
interface ProblemInit {
  problemType: { value: number; title: string }[];
  problemSonType: { value: number; title: string }[];
  orderDetail: OrderSummary | null;
  orderList: OrderSummary[];
}
interface ProblemList {
  tabs: { title: string; status: number; list: { id: number; content: string }[] }[];
}
interface ProblemDetail {
  content: string;
  disposeDetail: string;
  isScore: number;
}

/** A small PNG, made distinct by its colour so that each upload is its own file. */
const png = (seed: number) => {
  // a 1×1 RGBA PNG whose pixel comes from the seed
  const pixel = Buffer.from([seed & 0xff, (seed * 7) & 0xff, (seed * 13) & 0xff, 0xff]);
  return { name: `evidence-${seed}.png`, mimeType: 'image/png', buffer: pngOf(pixel) };
};

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function pngOf(rgba: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 6, 0, 0, 0], 8);
  // zlib stream of one stored block: filter byte 0 then the pixel
  const raw = Buffer.concat([Buffer.from([0]), rgba]);
  const stored = Buffer.concat([Buffer.from([0x78, 0x01, 0x01, raw.length, 0, ~raw.length & 0xff, 0xff]), raw, adler32(raw)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', stored),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function adler32(bytes: Buffer): Buffer {
  let a = 1;
  let b = 0;
  for (const byte of bytes) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  const out = Buffer.alloc(4);
  out.writeUInt32BE(((b << 16) | a) >>> 0);
  return out;
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

for (const { market, texts, labels } of markets) {
  test.describe(`complaints (${market})`, () => {
    test('the complete complaint flow: entry, type, sub-type, form, 2 images, send, modal, entry, list, detail, rating', async ({
      page,
      request,
      demo,
    }) => {
      // the longest journey of the product: entry to rating, with a 3 s wait for the dialog twice
      test.slow();
      const session = await demo(market);
      const init = await callAs<ProblemInit>(request, session, 'problemInit', { orderId: session.orderId });
      const collectionOrder = init.orderList.find((order) => order.isShow === 1);
      expect(collectionOrder, 'the demo borrower has an order that allows a collection complaint').toBeTruthy();
      const collection = init.problemType.find((type) => type.value === COLLECTION_PROBLEM_TYPE)!;
      const subType = init.problemSonType[0]!;
      const description = `Collector called at night ${Date.now()}`;

      // entry: pick the order through 'All', then type 1 reveals its sub-types
      await page.goto(appUrl('/complaint', sessionParams(session)));
      await expect(page.getByRole('heading', { level: 1, name: labels.entry })).toBeVisible();
      await expect(page.getByRole('link', { name: texts.myComplaints })).toBeVisible();
      await expect(page.getByRole('heading', { name: texts.selectQuestionType })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: texts.all, exact: true }).click();
      await page.getByRole('button', { name: new RegExp(collectionOrder!.orderNo) }).click();
      await page.getByRole('button', { name: collection.title, exact: true }).click();
      await page.getByRole('button', { name: subType.title, exact: true }).click();

      // form: the chosen tags, the order saved locally, 2 images uploaded with progress, send
      await expect(page).toHaveURL(/\/complainPageNext\?/);
      await expect(page.getByRole('heading', { level: 1, name: labels.form })).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: collection.title })).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: subType.title })).toBeVisible();
      expect(await page.evaluate((key) => localStorage.getItem(key), SAVED_ORDER_KEY)).toBe(collectionOrder!.orderNo);
      await expect(page.getByText(texts.replyWithinWeekdays)).toBeVisible();

      await page.getByRole('button', { name: texts.send, exact: true }).click();
      await expect(toast(page, texts.fillInComments)).toBeVisible();

      await page.getByRole('textbox').fill(description);
      await expect(page.getByText(`${description.length}/${Limits.complaintTextMax}`)).toBeVisible();
      await page.getByLabel(labels.addImage).setInputFiles([png(1), png(2)]);
      await expect(page.getByRole('img', { name: /1$/ })).toBeVisible();
      await expect(page.getByRole('img', { name: /2$/ })).toBeVisible();
      await expect(toast(page, texts.uploadSucceeded)).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await expectAccessible(page);

      const saved = page.waitForRequest((sent) => sent.url().includes(Endpoints.problemSave.path));
      await page.getByRole('button', { name: texts.send, exact: true }).click();
      const fields = new URLSearchParams((await saved).postData() ?? '');
      expect(fields.get('problemType')).toBe(String(COLLECTION_PROBLEM_TYPE));
      expect(fields.get('problemSonType')).toBe(String(subType.value));
      expect(fields.get('problemDetail')).toBe(description);
      expect(fields.get('orderNo')).toBe(collectionOrder!.orderNo);
      expect(fields.get('problemImage')?.split(',')).toHaveLength(2);

      const modal = page.getByRole('dialog', { name: texts.successfullySent });
      await expect(modal).toBeVisible();
      await expect(modal).toContainText(texts.commentsReceived);

      // after 1.5 s: back on the entry page, local storage cleared
      await expect(page).toHaveURL(/\/complaint$|\/complaint\?/);
      await expect(modal).toBeHidden();
      await expect(page.getByRole('heading', { level: 1, name: labels.entry })).toBeVisible();
      expect(await page.evaluate((key) => localStorage.getItem(key), SAVED_ORDER_KEY)).toBeNull();

      // list: the new complaint, then its detail, read-only with the counter /200
      await page.getByRole('link', { name: texts.myComplaints }).click();
      await expect(page.getByRole('heading', { level: 1, name: texts.myComplaints })).toBeVisible();
      await expect(page.getByRole('tab').first()).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('link', { name: new RegExp(description) }).click();
      await expect(page).toHaveURL(/\/complainDetails\?problemId=\d+/);
      await expect(page.getByText(description)).toBeVisible();
      await expect(page.getByText(collection.title)).toBeVisible();
      await expect(page.getByText(subType.title)).toBeVisible();
      await expect(page.getByText(`${description.length}/${Limits.complaintTextMax}`)).toBeVisible();
      await expect(page.getByRole('img')).toHaveCount(2);

      // rating: a replied complaint the borrower may score (seeded), found through the list
      const list = await callAs<ProblemList>(request, session, 'problemList', { page: '1' });
      let rateable: { tab: string; content: string } | null = null;
      for (const tab of list.tabs) {
        for (const item of tab.list) {
          const detail = await callAs<ProblemDetail>(request, session, 'problemDetail', { problemId: String(item.id) });
          if (!rateable && detail.isScore !== 0 && detail.disposeDetail !== '') rateable = { tab: tab.title, content: item.content };
        }
      }
      expect(rateable, 'the seed has a replied complaint that can be rated').toBeTruthy();
      await page.goBack();
      await page.getByRole('tab', { name: rateable!.tab }).click();
      await page
        .getByRole('link', { name: rateable!.content.slice(0, 40) })
        .first()
        .click();
      await expect(page.getByRole('heading', { name: texts.processResult })).toBeVisible();

      // three seconds after load: the rating dialog; Send with no star asks to choose, Cancel closes and resets
      const rating = page.getByRole('dialog', { name: texts.rateThisService });
      await expect(rating).toBeVisible({ timeout: Limits.complaintDetailRatingDelayMs + 5_000 });
      await expectAccessible(page);
      await rating.getByRole('button', { name: texts.send, exact: true }).click();
      await expect(toast(page, texts.pleaseChoose)).toBeVisible();
      await rating.getByRole('radio', { name: labels.stars }).click();
      await expect(rating.getByRole('radio', { name: labels.stars })).toBeChecked();
      await rating.getByRole('button', { name: texts.cancel, exact: true }).click();
      await expect(rating).toBeHidden();

      await page.reload();
      await expect(rating).toBeVisible({ timeout: Limits.complaintDetailRatingDelayMs + 5_000 });
      await expect(rating.getByRole('radio', { checked: true })).toHaveCount(0);
      await rating.getByRole('radio', { name: labels.stars }).click();
      const scored = page.waitForRequest((sent) => sent.url().includes(Endpoints.saveScore.path));
      await rating.getByRole('button', { name: texts.send, exact: true }).click();
      expect(new URLSearchParams((await scored).postData() ?? '').get('score')).toBe('4');
      await expect(rating).toBeHidden();
      await expect(toast(page, texts.successfulDemonstration)).toBeVisible();
    });

    test('refuses a collection complaint for an order whose isShow is not 1', async ({ page, request, demo }) => {
      const session = await demo(market);
      const init = await callAs<ProblemInit>(request, session, 'problemInit', { orderId: session.orderId });
      const plainOrder = init.orderList.find((order) => order.isShow !== 1);
      expect(plainOrder, 'the demo borrower has an order that does not allow a collection complaint').toBeTruthy();
      const collection = init.problemType.find((type) => type.value === COLLECTION_PROBLEM_TYPE)!;

      await page.goto(appUrl('/complaint', sessionParams(session)));
      await page.getByRole('button', { name: texts.all, exact: true }).click();
      await page.getByRole('button', { name: new RegExp(plainOrder!.orderNo) }).click();
      await page.getByRole('button', { name: collection.title, exact: true }).click();
      await expect(toast(page, texts.collectionNotSupported)).toBeVisible();
      await expect(page.getByRole('button', { name: init.problemSonType[0]!.title, exact: true })).toHaveCount(0);
      await expect(page).toHaveURL(/\/complaint\?/);
    });

    test('ignores description input beyond 200 characters and images beyond 9', async ({ page, request, demo }) => {
      const session = await demo(market);
      const init = await callAs<ProblemInit>(request, session, 'problemInit', { orderId: session.orderId });
      const other = init.problemType.find((type) => type.value !== COLLECTION_PROBLEM_TYPE)!;

      await page.goto(appUrl('/complaint', sessionParams(session)));
      await page.getByRole('button', { name: other.title, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`problemType=${other.value}`));
      await expect(page.getByRole('listitem').filter({ hasText: other.title })).toBeVisible();

      const textbox = page.getByRole('textbox');
      await textbox.fill('x'.repeat(250));
      await expect(textbox).toHaveValue('x'.repeat(Limits.complaintTextMax));
      await expect(page.getByText(`${Limits.complaintTextMax}/${Limits.complaintTextMax}`)).toBeVisible();

      await page.getByLabel(labels.addImage).setInputFiles(Array.from({ length: 10 }, (_, index) => png(index + 10)));
      await expect(page.getByRole('img')).toHaveCount(Limits.complaintImagesMax);
      await expect(page.getByLabel(labels.addImage)).toHaveCount(0);
      await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
      await expect(page.getByRole('img')).toHaveCount(Limits.complaintImagesMax);
      // 3 per row
      const rows = await page
        .getByRole('img')
        .evaluateAll((images) => new Set(images.map((image) => Math.round(image.getBoundingClientRect().top))).size);
      expect(rows).toBe(Limits.complaintImagesMax / Limits.complaintImagesPerRow);
    });
  });
}
