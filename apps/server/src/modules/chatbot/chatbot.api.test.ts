import { Market, QA_ACTION_HUMAN_SUPPORT, QaRecordType, ResultCode } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { count, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders, qaRecords } from '../../db/schema.js';
import { call, type DemoSession, demoSession, SETUP_TIMEOUT_MS, useTestApp } from '../../test/app.js';
import { QaAction } from './qa-actions.js';

const t = useTestApp();
let india: DemoSession;
let indonesia: DemoSession;

beforeAll(async () => {
  [india, indonesia] = await Promise.all([demoSession(t.app, Market.India), demoSession(t.app, Market.Indonesia)]);
}, SETUP_TIMEOUT_MS);

const IN = { market: 'IN' };
const ID = { market: 'ID' };

interface Node {
  id: number;
  title_local: string;
  title_local_alias: string;
  action_type: number;
  question: { id: number; title_local: string } | null;
}

const qaList = async (session: DemoSession, pid: number, query = IN) =>
  (await call(t.app, 'qaList', { session, query: { ...query, pid: String(pid) } })).json().data as {
    question: { id: number; title_local: string } | null;
    answerList: Node[];
  };

const record = (session: DemoSession, body: Record<string, string>, query = IN) => call(t.app, 'qaRecord', { session, query, body });

const records = async () => {
  const [row] = await t.database.db.select({ n: count() }).from(qaRecords);
  return row?.n ?? 0;
};
const lastRecord = async () => (await t.database.db.select().from(qaRecords).orderBy(desc(qaRecords.id)).limit(1))[0]!;

describe('get-qa-list (the question tree)', () => {
  it('lists 4 categories for pid 0, in English for India and in Indonesian for Indonesia', async () => {
    const english = await qaList(india, 0);
    expect(english.question).toBeNull();
    expect(english.answerList.map((node) => node.title_local)).toEqual([
      'Loan application',
      'Repayment',
      'Disbursement',
      'Account and security',
    ]);
    expect(english.answerList.every((node) => node.action_type === QaAction.Category && node.title_local_alias !== '')).toBe(true);
    const indonesian = await qaList(indonesia, 0, ID);
    expect(indonesian.answerList.map((node) => node.title_local)).toEqual([
      'Pengajuan pinjaman',
      'Pembayaran',
      'Pencairan dana',
      'Akun dan keamanan',
    ]);
    expect(indonesian.answerList.map((node) => node.id)).toEqual(english.answerList.map((node) => node.id));
  });

  it("has 3 levels: a category's questions (with a hand-over to human support), then a question's single answer", async () => {
    for (const category of (await qaList(indonesia, 0, ID)).answerList) {
      const level2 = await qaList(indonesia, category.id, ID);
      expect(level2.question).toEqual({ id: category.id, title_local: category.title_local });
      const questions = level2.answerList.filter((node) => node.action_type === QaAction.Question);
      expect(questions.length).toBeGreaterThanOrEqual(3);
      expect(level2.answerList.some((node) => node.action_type === QA_ACTION_HUMAN_SUPPORT)).toBe(true);
      const level3 = await qaList(indonesia, questions[0]!.id, ID);
      expect(level3.answerList).toHaveLength(1);
      expect(level3.answerList[0]).toMatchObject({ action_type: QaAction.Answer, question: { id: questions[0]!.id } });
    }
  });

  it('answers 404 for a node that does not exist, and 400 without pid', async () => {
    expect((await call(t.app, 'qaList', { session: india, query: { ...IN, pid: '999999' } })).statusCode).toBe(404);
    const missing = await call(t.app, 'qaList', { session: india, query: IN });
    expect(missing.json()).toEqual({
      code: ResultCode.InvalidRequest,
      message: enIN.invalidRequest.replace('{fields}', 'pid'),
      data: null,
    });
  });

  it("refuses another borrower's orderNo with 403", async () => {
    const response = await call(t.app, 'qaList', { session: india, query: { ...IN, pid: '0', orderNo: 'KLINOTHER0001' } });
    expect(response.statusCode).toBe(403);
  });
});

describe('qa-record', () => {
  const answerOf = async (session: DemoSession, query = IN) => {
    const category = (await qaList(session, 0, query)).answerList[1]!;
    const question = (await qaList(session, category.id, query)).answerList[0]!;
    return (await qaList(session, question.id, query)).answerList[0]!;
  };

  it('records a jump to support (type 1) with the order and answers the hand-over text', async () => {
    const category = (await qaList(india, 0)).answerList[0]!;
    const handOver = (await qaList(india, category.id)).answerList.find((node) => node.action_type === QA_ACTION_HUMAN_SUPPORT)!;
    const response = await record(india, { orderNo: 'KLINDEMO0005', type: '1', value: handOver.title_local, qaId: String(handOver.id) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: '00', message: 'success', data: { text: enIN.qaHandOver } });
    const [order] = await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, 'KLINDEMO0005'));
    expect(await lastRecord()).toMatchObject({
      type: QaRecordType.JumpToSupport,
      orderId: order!.id,
      qaId: handOver.id,
      borrowerId: Number(india.userId),
    });
  });

  it('records resolved feedback (type 2): 1 is thanked, 2 is recorded as not resolved', async () => {
    const answer = await answerOf(indonesia, ID);
    const yes = await record(indonesia, { type: '2', value: '1', qaId: String(answer.id) }, ID);
    expect(yes.json().data).toEqual({ text: idID.qaResolvedThanks });
    const no = await record(indonesia, { type: '2', value: '2', qaId: String(answer.id) }, ID);
    expect(no.json().data).toEqual({ text: idID.qaNotResolved });
    expect(await lastRecord()).toMatchObject({ type: QaRecordType.ResolvedFeedback, value: '2', qaId: answer.id });
  });

  it("records a star rating (type 3) of 1 to 5 and answers the server's thanks message", async () => {
    for (const stars of ['1', '5']) {
      const response = await record(india, { type: '3', value: stars });
      expect(response.json().data).toEqual({ text: enIN.qaRatingThanks });
      expect(await lastRecord()).toMatchObject({ type: QaRecordType.StarRating, value: stars });
    }
  });

  it('matches a free-text question (type 4) against the tree in English, stemming the words', async () => {
    const response = await record(india, { type: '4', value: 'How can I make a repayment on my loan?' });
    const { data } = response.json();
    expect(data.text).toBe(enIN.qaSuggestions);
    expect(data.reportText).toBeUndefined();
    expect(data.answerList[0].title_local).toBe('How do I repay my loan?');
    expect(data.answerList.length).toBeLessThanOrEqual(3);
    expect(data.answerList.every((node: Node) => node.action_type === QaAction.Question)).toBe(true);
    expect((await lastRecord()).matchedIds).toEqual(data.answerList.map((node: Node) => node.id));
  });

  it('matches a free-text question in Indonesian against the Indonesian titles', async () => {
    const { data } = (await record(indonesia, { type: '4', value: 'saya mau ganti rekening bank' }, ID)).json();
    expect(data.text).toBe(idID.qaSuggestions);
    expect(data.answerList[0].title_local).toBe('Bagaimana cara mengganti rekening bank?');
  });

  it("answers a question the tree does not know with the report text that offers 'Hubungi CS'", async () => {
    const { data } = (await record(indonesia, { type: '4', value: 'xyzzy plugh' }, ID)).json();
    expect(data).toEqual({ text: idID.qaNoMatch, reportText: idID.qaReport });
    expect(await lastRecord()).toMatchObject({ type: QaRecordType.FreeText, value: 'xyzzy plugh', matchedIds: [] });
  });

  it('refuses bad input with an envelope error and stores nothing', async () => {
    const before = await records();
    const cases: [Record<string, string>, number, string][] = [
      [{ type: '4' }, 400, enIN.invalidRequest.replace('{fields}', 'value')],
      [{ value: 'hi' }, 400, enIN.invalidRequest.replace('{fields}', 'type')],
      [{ type: '5', value: 'hi' }, 400, enIN.invalidRequest.replace('{fields}', 'type')],
      [{ type: '4', value: 'x'.repeat(201) }, 400, enIN.invalidRequest.replace('{fields}', 'value')],
      [{ type: '2', value: '3' }, 400, enIN.invalidRequest.replace('{fields}', 'value')],
      [{ type: '3', value: '6' }, 400, enIN.invalidRequest.replace('{fields}', 'value')],
      [{ type: '2', value: '1', qaId: '999999' }, 400, enIN.invalidRequest.replace('{fields}', 'qaId')],
      [{ type: '1', value: 'x', orderNo: 'KLINOTHER0001' }, 403, enIN.forbidden],
    ];
    for (const [body, status, message] of cases) {
      const response = await record(india, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().message).toBe(message);
    }
    expect(await records()).toBe(before);
  });
});
