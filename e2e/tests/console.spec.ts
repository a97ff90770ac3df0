import { Endpoints, Limits } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import type { Page } from '@playwright/test';
import { demoOperator, desktopContext, signInAs } from '../console-helpers.js';
import { appUrl, type DemoSession, expect, expectAccessible, sessionParams, test } from '../fixtures.js';

const REPAYMENT_TYPE = 'Repayment';
const REPAYMENT_TEMPLATE = 'Repayment found and posted';

/** A 2×2 JPEG-free image: a PNG made distinct by its colour, so that each upload is its own file. */
const png = (seed: number) => {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.from([0, seed & 0xff, (seed * 7) & 0xff, (seed * 13) & 0xff, 0xff]);
  let a = 1;
  let b = 0;
  for (const byte of raw) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(((b << 16) | a) >>> 0);
  const idat = Buffer.concat([Buffer.from([0x78, 0x01, 0x01, raw.length, 0, ~raw.length & 0xff, 0xff]), raw, adler]);
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { name: `photo-${seed}.png`, mimeType: 'image/png', buffer };
};

/** Each image of that name has loaded: its pixels arrived, not only its alt text. */
const expectImagesLoaded = async (page: Page, name: string | RegExp, count: number) => {
  const images = page.getByRole('img', { name });
  await expect(images).toHaveCount(count);
  for (let index = 0; index < count; index++) {
    await expect
      .poll(() => images.nth(index).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
  }
};

/** The borrower sends a Repayment complaint with two images in the H5 app; answers its id. */
const sendComplaint = async (page: Page, session: DemoSession, description: string) => {
  await page.goto(appUrl('/complaint', sessionParams(session)));
  await page.getByRole('button', { name: REPAYMENT_TYPE, exact: true }).click();
  await page.getByRole('textbox').fill(description);
  await page.getByLabel('Add image').setInputFiles([png(Date.now() % 200), png((Date.now() + 1) % 200)]);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByRole('img', { name: /2$/ })).toBeVisible();
  const saved = page.waitForResponse((response) => response.url().includes(Endpoints.problemSave.path));
  await page.getByRole('button', { name: enIN.send, exact: true }).click();
  const body = await (await saved).json();
  expect(body.code).toBe('00');
  await expect(page.getByRole('dialog', { name: enIN.successfullySent })).toBeVisible();
  return body.data.problemId as number;
};

test('a complaint answered from the console: sent in the H5 app, replied from a template with an image, rated 4 stars, seen in the console and the audit log', async ({
  page,
  request,
  browser,
  baseURL,
  demo,
}) => {
  // two apps, a 3 s rating delay and a TOTP step to wait for at worst
  test.slow();
  const session = await demo('IN');
  const description = `Paid twice, still shown overdue ${Date.now()}`;
  const problemId = await sendComplaint(page, session, description);

  // the agent, at desktop size: password + TOTP, the queue, the complaint
  const agentContext = await desktopContext(browser, baseURL);
  const agentPage = await agentContext.newPage();
  const agent = await demoOperator(request, 'agent');
  // each demo operator signs in once per run (a TOTP code works once): axe checks ride along
  await agentPage.goto('/console/');
  await expect(agentPage.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(agentPage);
  await signInAs(agentPage, agent);
  await expect(agentPage.getByRole('heading', { level: 1, name: 'Complaints' })).toBeVisible();
  const row = agentPage.getByRole('row').filter({ hasText: description });
  await expect(row).toBeVisible();
  await expectAccessible(agentPage);
  await expect(row).toContainText('On time');
  // times are the borrower's market's, named: India's
  await expect(row).toContainText('IST');
  const orderNo = ((await row.getByRole('cell').nth(5).textContent()) ?? '').trim();
  await row.getByRole('link', { name: `#${problemId}` }).click();
  await expect(agentPage.getByRole('heading', { level: 1, name: `Complaint #${problemId}` })).toBeVisible();
  await expect(agentPage.getByRole('img', { name: /Borrower's image/ })).toHaveCount(2);
  // the images load (signed links), not only their alt text
  await expectImagesLoaded(agentPage, /Borrower's image/, 2);
  await expect(agentPage.getByRole('complementary', { name: 'Borrower' })).toContainText(orderNo);
  // the order's status by its name, not "Status 180"
  await expect(agentPage.getByRole('complementary', { name: 'Borrower' }).getByRole('definition').nth(4)).toHaveText(
    /^[A-Z][a-z ]+ \(\d+\)$/,
  );
  await expectAccessible(agentPage);
  await agentPage.getByRole('button', { name: 'Take this complaint' }).click();
  await expect(agentPage.getByText(`Assignee: ${agent.name}`)).toBeVisible();

  // reply from the template, with one image
  const reply = agentPage.getByRole('form', { name: 'Reply' });
  await reply.getByLabel('Template').selectOption({ label: REPAYMENT_TEMPLATE });
  const templateText = await reply.getByLabel(/Reply text/).inputValue();
  expect(templateText).toContain('We found your payment');
  await reply.getByLabel(/Images/).setInputFiles([png(201)]);
  await reply.getByRole('button', { name: 'Send reply' }).click();
  await expect(agentPage.getByRole('status').filter({ hasText: 'Reply sent' })).toBeVisible();
  await expect(agentPage.getByRole('img', { name: 'Reply image 1' })).toBeVisible();
  await expectImagesLoaded(agentPage, 'Reply image 1', 1);

  // the borrower: Process Result with the text and the image, then the rating dialog after 3 s; 4 stars
  await page.goto(appUrl('/complainDetails', sessionParams(session, { problemId: String(problemId) })));
  await expect(page.getByRole('heading', { name: enIN.processResult })).toBeVisible();
  await expect(page.getByText(templateText)).toBeVisible();
  await expect(page.getByRole('img')).toHaveCount(3);
  const rating = page.getByRole('dialog', { name: enIN.rateThisService });
  await expect(rating).toBeVisible({ timeout: Limits.complaintDetailRatingDelayMs + 5_000 });
  await rating.getByRole('radio', { name: '4 stars' }).click();
  await rating.getByRole('button', { name: enIN.send, exact: true }).click();
  await expect(rating).toBeHidden();

  // the agent sees the rating
  await agentPage.reload();
  await expect(agentPage.getByRole('region', { name: 'Complaint' }).getByLabel('4 of 5 stars')).toBeVisible();
  await agentContext.close();

  // an admin finds each step in the audit log
  const adminContext = await desktopContext(browser, baseURL);
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, await demoOperator(request, 'admin'));
  await adminPage.getByRole('link', { name: 'Operators' }).click();
  await expect(adminPage.getByRole('cell', { name: agent.email })).toBeVisible();
  await expectAccessible(adminPage);
  await adminPage.getByRole('link', { name: 'Audit log' }).click();
  await expect(adminPage.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(adminPage);
  await adminPage.getByRole('combobox', { name: /^Target/ }).selectOption('complaint');
  await adminPage.getByRole('textbox', { name: /^Target id/ }).fill(String(problemId));
  const entries = adminPage.getByRole('row').filter({ hasText: `complaint ${problemId}` });
  await expect(entries.filter({ hasText: 'complaint.assign' })).toContainText(agent.name);
  await expect(entries.filter({ hasText: 'complaint.reply' })).toContainText(templateText.slice(0, 30));
  await adminPage.getByRole('textbox', { name: /^Target id/ }).fill('');
  await adminPage.getByRole('combobox', { name: /^Target/ }).selectOption('');
  await adminPage.getByRole('combobox', { name: /^Operator/ }).selectOption({ label: `${agent.name} (agent)` });
  await adminPage.getByRole('combobox', { name: /^Action/ }).selectOption('sign-in');
  await expect(adminPage.getByRole('row').filter({ hasText: 'sign-in' }).first()).toContainText(agent.name);
  await adminContext.close();
});

test('a supervisor: collection complaints in the queue, templates, and the chatbot editor: a category with a question and its answer in both languages, previewed, offered to the borrower, then retired', async ({
  page,
  request,
  browser,
  baseURL,
  demo,
}) => {
  test.slow();
  const stamp = Date.now();
  const category = { en: `Travel loans ${stamp}`, id: `Pinjaman wisata ${stamp}` };
  const question = { en: `Can I borrow for a trip ${stamp}?`, id: `Bisakah saya meminjam untuk liburan ${stamp}?` };
  const answer = { en: 'Yes, any personal purpose is fine.', id: 'Ya, untuk keperluan pribadi apa pun.' };

  const context = await desktopContext(browser, baseURL);
  const console_ = await context.newPage();
  await signInAs(console_, await demoOperator(request, 'supervisor'));
  // the supervisor's queue: collection complaints, flagged, and one of them opened
  await console_.getByRole('combobox', { name: /^Status/ }).selectOption('all');
  await console_.getByRole('combobox', { name: /^Type/ }).selectOption({ label: 'Collection' });
  await expect(console_.getByRole('table').getByText('Collection · supervisor').first()).toBeVisible();
  await expectAccessible(console_);
  await console_.getByRole('table').getByRole('link').first().click();
  await expect(console_.getByRole('heading', { level: 2, name: 'Chat history' })).toBeVisible();
  // the order's ledger as the lending core replays it, beside the complaint (issue 12)
  await expect(console_.getByRole('heading', { level: 2, name: 'Ledger' })).toBeVisible();
  await expect(console_.getByRole('table', { name: 'Ledger rows' })).toBeVisible();
  await expectAccessible(console_);
  await console_.getByRole('link', { name: 'Templates' }).click();
  await expect(console_.getByRole('button', { name: /^Edit / }).first()).toBeVisible();
  await expectAccessible(console_);
  await console_.getByRole('link', { name: 'Chatbot' }).click();
  await expect(console_.getByRole('heading', { level: 1, name: 'Chatbot' })).toBeVisible();
  await expectAccessible(console_);

  const fill = async (texts: { en: string; id: string }) => {
    const form = console_.getByRole('form', { name: 'Chatbot node' });
    await form
      .getByRole('textbox', { name: /\(English\)$/ })
      .first()
      .fill(texts.en);
    await form
      .getByRole('textbox', { name: /\(Indonesian\)$/ })
      .first()
      .fill(texts.id);
    await form.getByRole('button', { name: 'Save node' }).click();
    await expect(form).toBeHidden();
  };
  const tree = console_.getByRole('region', { name: 'Question tree' });
  await console_.getByRole('button', { name: 'Add category' }).click();
  await fill(category);
  const categoryItem = tree.getByRole('listitem').filter({ hasText: category.en }).first();
  await categoryItem.getByRole('button', { name: 'Add question' }).first().click();
  await fill(question);
  await tree.getByRole('listitem').filter({ hasText: question.en }).last().getByRole('button', { name: 'Add answer' }).click();
  await fill(answer);
  await expect(categoryItem).toContainText(answer.en);

  // the preview walks the tree as the borrower does, in either language
  const preview = console_.getByRole('region', { name: 'Preview' });
  await preview.getByRole('button', { name: category.en }).click();
  await preview.getByRole('button', { name: question.en }).click();
  await expect(preview.getByText(answer.en)).toBeVisible();
  await preview.getByLabel('Indonesian (id-ID)').check();
  await expect(preview.getByText(answer.id)).toBeVisible();

  // the borrower is offered the new category on the chatbot's entry page
  const session = await demo('IN');
  const entry = appUrl('/complainNewPage', sessionParams(session));
  await page.goto(entry);
  await expect(page.getByRole('button', { name: category.en, exact: true })).toBeVisible();

  // retired, it is gone for the borrower
  await categoryItem.getByRole('button', { name: 'Retire' }).first().click();
  await expect(categoryItem.getByRole('button', { name: 'Restore' }).first()).toBeVisible();
  await page.goto(entry);
  await expect(page.getByRole('button', { name: enIN.all, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: category.en, exact: true })).toHaveCount(0);
  await context.close();
});
