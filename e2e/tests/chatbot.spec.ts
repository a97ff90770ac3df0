import { Endpoints, type Messages, QA_ACTION_HUMAN_SUPPORT, QaRecordType } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { appUrl, callAs, type DemoSession, expect, expectAccessible, sessionParams, test } from '../fixtures.js';

// both language packs (sessionParams opens India's with isNeedPop 1, Indonesia's with 0: spec §1)
const markets = [
  {
    market: 'IN',
    texts: enIN,
    labels: { title: 'Customer service chatbot', form: 'Send a complaint', star: (n: number) => `${n} stars` },
  },
  {
    market: 'ID',
    texts: idID,
    labels: { title: 'Layanan chatbot', form: 'Kirim pengaduan', star: (n: number) => `${n} bintang` },
  },
] as const;

interface QaNode {
  id: number;
  title_local: string;
  title_local_alias: string;
  action_type: number;
}

const children = async (request: APIRequestContext, session: DemoSession, pid: number) =>
  (await callAs<{ answerList: QaNode[] }>(request, session, 'qaList', { pid: String(pid) })).answerList;

/** The titles to tap, category first, down to a question whose answer is a single item (with the feedback buttons). */
async function pathToAnswer(request: APIRequestContext, session: DemoSession): Promise<{ category: QaNode; questions: QaNode[] }> {
  const walk = async (node: QaNode, depth: number): Promise<QaNode[] | null> => {
    const below = await children(request, session, node.id);
    if (below.length === 1 && below[0]!.action_type !== QA_ACTION_HUMAN_SUPPORT) return [];
    if (depth === 0) return null;
    for (const child of below.filter((candidate) => candidate.action_type !== QA_ACTION_HUMAN_SUPPORT)) {
      const rest = await walk(child, depth - 1);
      if (rest) return [child, ...rest];
    }
    return null;
  };
  for (const category of await children(request, session, 0)) {
    for (const question of (await children(request, session, category.id)).filter((node) => node.action_type !== QA_ACTION_HUMAN_SUPPORT)) {
      const rest = await walk(question, 2);
      if (rest) return { category, questions: [question, ...rest] };
    }
  }
  throw new Error('the question tree has no answer to give feedback on');
}

/** A category and a hand-over item (action_type 4) directly under it or one level down. */
async function pathToHandOver(request: APIRequestContext, session: DemoSession): Promise<{ category: QaNode; questions: QaNode[] }> {
  for (const category of await children(request, session, 0)) {
    const level1 = await children(request, session, category.id);
    const direct = level1.find((node) => node.action_type === QA_ACTION_HUMAN_SUPPORT);
    if (direct) return { category, questions: [direct] };
    for (const question of level1) {
      const level2 = await children(request, session, question.id);
      const handOver = level2.find((node) => node.action_type === QA_ACTION_HUMAN_SUPPORT);
      if (handOver) return { category, questions: [question, handOver] };
    }
  }
  throw new Error('the question tree has no hand-over (action_type 4)');
}

const qaRecord = (sent: Request) => sent.url().includes(Endpoints.qaRecord.path) && sent.method() === 'POST';
const fieldsOf = (sent: Request) => Object.fromEntries(new URLSearchParams(sent.postData() ?? ''));
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** From the new complaint page: the order card, the categories, and the chatbot opened on the chosen one. */
async function openCategory(page: Page, session: DemoSession, category: QaNode, texts: Messages) {
  await page.goto(appUrl('/complainNewPage', sessionParams(session)));
  await expect(page.getByRole('heading', { name: texts.chooseProblemCategory })).toBeVisible();
  await expect(page.getByRole('button', { name: texts.all, exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: category.title_local, exact: true }).click();
  await expect(page).toHaveURL(/\/intelligentCustomerService\?/);
  await expect(page.getByText(texts.chatbotGreeting)).toBeVisible();
  await expect(
    page.getByRole('navigation').getByRole('button', { name: category.title_local_alias || category.title_local, exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
}

async function tapQuestions(page: Page, questions: readonly QaNode[]) {
  const log = page.getByRole('log');
  for (const question of questions) await log.getByRole('button', { name: question.title_local, exact: true }).last().click();
}

for (const { market, texts, labels } of markets) {
  test.describe(`chatbot (${market})`, () => {
    test('category, question, resolved, then 5 stars sent at once and the native score action called', async ({ page, request, demo }) => {
      // three accessibility scans on a shared machine: more than the default 30 s at times
      test.slow();
      const session = await demo(market);
      const { category, questions } = await pathToAnswer(request, session);
      await page.addInitScript(() => {
        const host = window as unknown as { KilatNative: Record<string, (payload: string) => void>; scored: string[] };
        host.scored = [];
        host.KilatNative = { scoreAction: (payload) => void host.scored.push(payload) };
      });
      await openCategory(page, session, category, texts);
      await expect(page.getByRole('heading', { level: 1, name: labels.title })).toBeVisible();
      await tapQuestions(page, questions);

      const resolved = page.getByRole('button', { name: texts.resolved, exact: true });
      await expect(resolved).toBeVisible();
      await expect(page.getByRole('button', { name: texts.notResolved, exact: true })).toBeVisible();
      await expectAccessible(page);
      const feedback = page.waitForRequest(qaRecord);
      await resolved.click();
      expect(fieldsOf(await feedback)).toMatchObject({ type: String(QaRecordType.ResolvedFeedback), value: '1' });

      const rating = page.getByRole('dialog', { name: texts.rateYourApplication });
      await expect(rating).toBeVisible();
      await expectAccessible(page);
      await rating.getByRole('button', { name: texts.send, exact: true }).click();
      await expect(toast(page, texts.pleaseChoose)).toBeVisible();
      const stars = page.waitForRequest(qaRecord);
      await rating.getByRole('radio', { name: labels.star(5) }).click();
      expect(fieldsOf(await stars)).toMatchObject({ type: String(QaRecordType.StarRating), value: '5' });
      await expect(rating).toBeHidden();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { scored: string[] }).scored))
        .toEqual([JSON.stringify({ score: 5 })]);
    });

    test("a star below 5 shows the server's thanks message", async ({ page, request, demo }) => {
      const session = await demo(market);
      const { category, questions } = await pathToAnswer(request, session);
      await openCategory(page, session, category, texts);
      await tapQuestions(page, questions);
      await page.getByRole('button', { name: texts.resolved, exact: true }).click();
      const rating = page.getByRole('dialog', { name: texts.rateYourApplication });
      const answered = page.waitForResponse((response) => qaRecord(response.request()) && fieldsOf(response.request()).type === '3');
      await rating.getByRole('radio', { name: labels.star(3) }).click();
      const thanks = ((await (await answered).json()) as { data: { text: string } }).data.text;
      expect(thanks).not.toBe('');
      await expect(toast(page, thanks)).toBeVisible();
      await expect(rating).toBeHidden();
    });

    test('not resolved records the feedback and offers a person on WhatsApp (issue 49)', async ({ page, request, demo }) => {
      const session = await demo(market);
      const { category, questions } = await pathToAnswer(request, session);
      await openCategory(page, session, category, texts);
      await tapQuestions(page, questions);
      const feedback = page.waitForRequest(qaRecord);
      await page.getByRole('button', { name: texts.notResolved, exact: true }).click();
      expect(fieldsOf(await feedback)).toMatchObject({ type: String(QaRecordType.ResolvedFeedback), value: '2' });
      await expect(page.getByRole('button', { name: texts.resolved, exact: true })).toHaveCount(0);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('link', { name: /^Chat (on|lewat) WhatsApp$/ })).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+\?text=/);
      await expectAccessible(page);
    });

    test('free text, then Hubungi CS leads to the complaint form', async ({ page, demo }) => {
      const session = await demo(market);
      await page.goto(appUrl('/intelligentCustomerService', sessionParams(session)));
      await expect(page.getByText(texts.chatbotGreeting)).toBeVisible();
      const send = page.getByRole('button', { name: texts.sendMessage, exact: true });
      await expect(send).toBeDisabled();

      const question = 'zqxv wpmk brrt flonk';
      await page.getByRole('textbox').fill(question);
      const recorded = page.waitForRequest(qaRecord);
      await send.click();
      expect(fieldsOf(await recorded)).toMatchObject({ type: String(QaRecordType.FreeText), value: question });
      await expect(page.getByRole('log').getByText(question)).toBeVisible();
      await expect(page.getByRole('textbox')).toHaveValue('');

      const contact = page.getByRole('button', { name: texts.contactCustomerService, exact: true });
      await expect(contact).toBeVisible();
      await expectAccessible(page);
      await contact.click();
      await expect(page).toHaveURL(/\/complainPageNext/);
      await expect(page.getByRole('heading', { level: 1, name: labels.form })).toBeVisible();
      await expect(page.getByRole('group', { name: texts.selectQuestionType })).toBeVisible();
    });

    test('an item with action_type 4 records the jump and goes to the complaint form', async ({ page, request, demo }) => {
      const session = await demo(market);
      const { category, questions } = await pathToHandOver(request, session);
      await openCategory(page, session, category, texts);
      const jump = page.waitForRequest(qaRecord);
      await tapQuestions(page, questions);
      const handOver = questions.at(-1)!;
      expect(fieldsOf(await jump)).toMatchObject({ type: String(QaRecordType.JumpToSupport), qaId: String(handOver.id) });
      await expect(page).toHaveURL(/\/complainPageNext/);
      await expect(page.getByRole('heading', { level: 1, name: labels.form })).toBeVisible();
    });
  });
}
