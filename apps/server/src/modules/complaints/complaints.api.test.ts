import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { COLLECTION_PROBLEM_TYPE, Limits, Market, ResultCode } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { complaintImages, complaints } from '../../db/schema.js';
import { replyComplaint } from '../../ops/reply-complaint.js';
import { call, type DemoSession, demoSession, SETUP_TIMEOUT_MS, useTempDir, useTestApp } from '../../test/app.js';
import { makeJpeg, upload } from '../../test/images.js';

const uploadDir = useTempDir('kilat-complaints-');
const t = useTestApp(() => ({ config: { uploadDir: uploadDir.path } }));
let india: DemoSession;
let indonesia: DemoSession;

beforeAll(async () => {
  [india, indonesia] = await Promise.all([demoSession(t.app, Market.India), demoSession(t.app, Market.Indonesia)]);
}, SETUP_TIMEOUT_MS);

const IN = { market: 'IN' };
const ID = { market: 'ID' };
const OTHER_ORDER_NO = { [Market.India]: 'KLINOTHER0001', [Market.Indonesia]: 'KLIDOTHER0001' };

const stored = async () => {
  const [rows] = await t.database.db.select({ n: count() }).from(complaints);
  const [images] = await t.database.db.select({ n: count() }).from(complaintImages);
  return { complaints: rows?.n ?? 0, images: images?.n ?? 0 };
};

const init = async (session: DemoSession, query = IN, body: Record<string, string> = {}) =>
  (await call(t.app, 'problemInit', { session, query, body })).json().data;

/** A demo order of the India borrower: one that allows collection complaints (isShow 1), or one that does not. */
const orderNo = async (isShow: 0 | 1, session = india) => {
  const { orderList } = await init(session);
  return (orderList as { orderNo: string; isShow: number }[]).find((order) => order.isShow === isShow)!.orderNo;
};

const uploadedUrl = async (session = india) => (await upload(t.app, session, { data: await makeJpeg() })).json().data.url as string;

const save = (session: DemoSession, body: Record<string, string>, query = IN) => call(t.app, 'problemSave', { session, query, body });

describe('problem-init (both paths)', () => {
  it('answers the problem types, the collection sub-types, the list tabs, the orders and the latest order by default', async () => {
    const response = await call(t.app, 'problemInit', { session: india, query: IN, body: {} });
    expect(response.statusCode).toBe(200);
    const { code, data } = response.json();
    expect(code).toBe('00');
    expect(data.problemType[0]).toEqual({ value: COLLECTION_PROBLEM_TYPE, title: 'Collection' });
    expect(data.problemType.length).toBeGreaterThanOrEqual(4);
    expect(data.problemSonType.length).toBeGreaterThanOrEqual(3);
    expect(data.problemStatus).toEqual([
      { value: 1, title: enIN.complaintTabProcessing },
      { value: 2, title: enIN.complaintTabReplied },
      { value: 3, title: enIN.complaintTabClosed },
    ]);
    expect(data.orderList.length).toBe(10);
    expect(data.orderList.every((order: { orderNo: string }) => order.orderNo.startsWith('KLINDEMO'))).toBe(true);
    expect(data.orderDetail).toEqual(data.orderList[0]);
    const summary = data.orderList.find((order: { isShow: number }) => order.isShow === 1);
    expect(summary).toMatchObject({ productName: expect.any(String), status: expect.any(Number), isShow: 1 });
    expect(summary.list).toEqual(
      expect.arrayContaining([
        { title: enIN.complaintOrderNo, value: summary.orderNo },
        { title: enIN.loanAmount, value: '₹15,000.00' },
      ]),
    );
  });

  it('answers the same on the v3 path, in Indonesian for an Indonesian borrower', async () => {
    const response = await call(t.app, 'problemInitV3', { session: indonesia, query: ID, body: {} });
    const { data } = response.json();
    expect(data.problemType[0]).toEqual({ value: COLLECTION_PROBLEM_TYPE, title: 'Penagihan' });
    expect(data.problemStatus[0].title).toBe(idID.complaintTabProcessing);
    expect(data.orderDetail.list).toEqual(expect.arrayContaining([{ title: idID.loanAmount, value: 'Rp\u00a03.000.000,00' }]));
  });

  it('selects the order given by orderNo or by orderId', async () => {
    const wanted = await orderNo(1);
    expect((await init(india, IN, { orderNo: wanted })).orderDetail.orderNo).toBe(wanted);
    const byId = await init(india, IN, { orderId: india.orderId });
    expect(byId.orderDetail.isShow).toBe(1);
  });

  it("refuses another borrower's order, by number or by id, with 403", async () => {
    const byNo = await call(t.app, 'problemInit', { session: india, query: IN, body: { orderNo: OTHER_ORDER_NO.IN } });
    expect(byNo.statusCode).toBe(403);
    expect(byNo.json()).toEqual({ code: ResultCode.Forbidden, message: enIN.forbidden, data: null });
    const byId = await call(t.app, 'problemInit', { session: india, query: IN, body: { orderId: indonesia.orderId } });
    expect(byId.statusCode).toBe(403);
  });

  it('answers 404 for an order number that does not exist, and 401 without a session', async () => {
    expect((await call(t.app, 'problemInit', { session: india, query: IN, body: { orderNo: 'NOPE' } })).statusCode).toBe(404);
    expect((await call(t.app, 'problemInit', { query: IN, body: {} })).statusCode).toBe(401);
  });
});

describe('problem-save', () => {
  it('stores the complaint with its images and answers its problemId; the detail shows them', async () => {
    const images = [await uploadedUrl(), await uploadedUrl()];
    const response = await save(india, {
      problemType: '2',
      problemDetail: 'Paid twice this month',
      problemImage: images.join(','),
      orderNo: await orderNo(0),
    });
    expect(response.statusCode).toBe(200);
    const { code, data } = response.json();
    expect(code).toBe('00');
    const detail = (await call(t.app, 'problemDetail', { session: india, query: IN, body: { problemId: String(data.problemId) } })).json();
    expect(detail.data).toEqual({
      type: 'Repayment',
      sonType: '',
      problemId: data.problemId,
      content: 'Paid twice this month',
      images,
      disposeDetail: '',
      disposeImages: [],
      isScore: 0,
      status: enIN.complaintTabProcessing,
      repliedAt: '',
      // India's 30 days before the RBI Ombudsman, from today (issue 49)
      grievance: { deadline: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), daysLeft: 30, mayEscalate: false, extensionReason: '' },
    });
  });

  it('accepts a collection complaint with its sub-type for an order whose isShow is 1', async () => {
    const response = await save(india, {
      problemType: '1',
      problemSonType: '2',
      problemDetail: 'They called my mother',
      problemImage: '',
      orderNo: await orderNo(1),
    });
    expect(response.statusCode).toBe(200);
    const detail = (
      await call(t.app, 'problemDetail', { session: india, query: IN, body: { problemId: String(response.json().data.problemId) } })
    ).json();
    expect(detail.data).toMatchObject({ type: 'Collection', sonType: 'Contacting my family or contacts', images: [] });
  });

  it('refuses a collection complaint for an order whose isShow is not 1, with the spec text, and stores nothing', async () => {
    const before = await stored();
    const response = await save(india, {
      problemType: '1',
      problemSonType: '1',
      problemDetail: 'Rude collector',
      orderNo: await orderNo(0),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: ResultCode.InvalidRequest, message: enIN.collectionNotSupported, data: null });
    expect(await stored()).toEqual(before);
  });

  it("refuses a complaint about another borrower's order with 403 and stores nothing", async () => {
    const before = await stored();
    const response = await save(india, { problemType: '2', problemDetail: 'Not mine', orderNo: OTHER_ORDER_NO.IN });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: ResultCode.Forbidden, message: enIN.forbidden, data: null });
    expect(await stored()).toEqual(before);
  });

  it('refuses missing fields, naming them, and stores nothing', async () => {
    const before = await stored();
    const response = await save(india, { problemImage: '' });
    expect(response.statusCode).toBe(400);
    const { code, message } = response.json();
    expect(code).toBe(ResultCode.InvalidRequest);
    for (const field of ['problemType', 'problemDetail', 'orderNo']) expect(message).toContain(field);
    const blank = await save(indonesia, { problemType: '2', problemDetail: '   ', orderNo: 'KLIDDEMO0001' }, ID);
    expect(blank.json()).toEqual({
      code: ResultCode.InvalidRequest,
      message: idID.invalidRequest.replace('{fields}', 'problemDetail'),
      data: null,
    });
    expect(await stored()).toEqual(before);
  });

  it('refuses a 201-character description and stores nothing; 200 characters are accepted', async () => {
    const order = await orderNo(0);
    const before = await stored();
    const tooLong = await save(india, { problemType: '2', problemDetail: 'x'.repeat(Limits.complaintTextMax + 1), orderNo: order });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      code: ResultCode.InvalidRequest,
      message: enIN.invalidRequest.replace('{fields}', 'problemDetail'),
      data: null,
    });
    expect(await stored()).toEqual(before);
    const atLimit = await save(india, { problemType: '2', problemDetail: 'y'.repeat(Limits.complaintTextMax), orderNo: order });
    expect(atLimit.statusCode).toBe(200);
  });

  it('refuses a 10th image and stores nothing; 9 are accepted', async () => {
    const urls = await Promise.all(Array.from({ length: Limits.complaintImagesMax + 1 }, () => uploadedUrl()));
    const order = await orderNo(0);
    const before = await stored();
    const ten = await save(india, { problemType: '2', problemDetail: 'Ten photos', problemImage: urls.join(','), orderNo: order });
    expect(ten.statusCode).toBe(400);
    expect(ten.json()).toEqual({
      code: ResultCode.InvalidRequest,
      message: enIN.invalidRequest.replace('{fields}', 'problemImage'),
      data: null,
    });
    expect(await stored()).toEqual(before);
    const nine = await save(india, {
      problemType: '2',
      problemDetail: 'Nine photos',
      problemImage: urls.slice(0, 9).join(','),
      orderNo: order,
    });
    expect(nine.statusCode).toBe(200);
    expect((await stored()).images).toBe(before.images + 9);
  });

  it("refuses images this server did not issue to the borrower (someone else's, or any other URL) and stores nothing", async () => {
    const order = await orderNo(0);
    const theirs = await uploadedUrl(indonesia);
    const before = await stored();
    for (const problemImage of [theirs, 'https://evil.example/x.jpg', `/uploads/${'a'.repeat(32)}.jpg`]) {
      const response = await save(india, { problemType: '2', problemDetail: 'Evidence', problemImage, orderNo: order });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: ResultCode.InvalidRequest, message: enIN.complaintImageUnknown, data: null });
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses an unknown type, a collection complaint without its sub-type and a sub-type on a type that has none', async () => {
    const before = await stored();
    const cases: [Record<string, string>, string][] = [
      [{ problemType: '99' }, 'problemType'],
      [{ problemType: '1' }, 'problemSonType'],
      [{ problemType: '2', problemSonType: '3' }, 'problemSonType'],
    ];
    for (const [fields, named] of cases) {
      const response = await save(india, { ...fields, problemDetail: 'Something', orderNo: await orderNo(1) });
      expect(response.json()).toEqual({
        code: ResultCode.InvalidRequest,
        message: enIN.invalidRequest.replace('{fields}', named),
        data: null,
      });
    }
    expect(await stored()).toEqual(before);
  });
});

describe('problem-list', () => {
  it('answers three tabs from the server with page count 3, each item with id, time, type title and content', async () => {
    const response = await call(t.app, 'problemList', { session: indonesia, query: ID, body: {} });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.pageCount).toBe(Limits.complaintListPageCount);
    expect(data.tabs.map((tab: { title: string; status: number }) => [tab.status, tab.title])).toEqual([
      [1, idID.complaintTabProcessing],
      [2, idID.complaintTabReplied],
      [3, idID.complaintTabClosed],
    ]);
    for (const tab of data.tabs) {
      expect(tab.list.length).toBeGreaterThan(0);
      expect(tab.total).toBe(tab.list.length);
      for (const item of tab.list) {
        expect(item).toEqual({
          id: expect.any(Number),
          time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}\s\d{2}:\d{2}:\d{2}$/),
          type: expect.any(String),
          content: expect.any(String),
        });
      }
    }
    const times = data.tabs[0].list.map((item: { time: string }) => item.time);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("lists only the borrower's own complaints", async () => {
    const ownIds = new Set(
      (
        await t.database.db
          .select({ id: complaints.id })
          .from(complaints)
          .where(eq(complaints.borrowerId, Number(indonesia.userId)))
      ).map((row) => row.id),
    );
    const { data } = (await call(t.app, 'problemList', { session: indonesia, query: ID, body: {} })).json();
    const listed = data.tabs.flatMap((tab: { list: { id: number }[] }) => tab.list.map((item) => item.id));
    expect(listed.length).toBe(ownIds.size);
    expect(listed.every((id: number) => ownIds.has(id))).toBe(true);
  });

  it('pages each tab: page 2 lists nothing more while the totals stay', async () => {
    const { data } = (await call(t.app, 'problemList', { session: indonesia, query: ID, body: { page: '2' } })).json();
    expect(data.tabs.every((tab: { list: unknown[]; total: number }) => tab.list.length === 0 && tab.total > 0)).toBe(true);
  });
});

describe('problem-detail and save-score', () => {
  const listTabs = async (session: DemoSession, query = IN) =>
    (await call(t.app, 'problemList', { session, query, body: {} })).json().data.tabs as { status: number; list: { id: number }[] }[];
  const detail = (session: DemoSession, problemId: number, query = IN) =>
    call(t.app, 'problemDetail', { session, query, body: { problemId: String(problemId) } });
  const score = (session: DemoSession, problemId: number, value: string, query = IN) =>
    call(t.app, 'saveScore', { session, query, body: { problemId: String(problemId), score: value } });

  it('shows a replied complaint with its Process Result and isScore 1; processing and closed ones have isScore 0', async () => {
    const tabs = await listTabs(india);
    const replied = (await detail(india, tabs[1]!.list[0]!.id)).json().data;
    expect(replied.disposeDetail).not.toBe('');
    expect(replied.isScore).toBe(1);
    // the detail says where the complaint stands and when it was answered (issue 14)
    expect(replied.status).toBe(enIN.complaintTabReplied);
    expect(replied.repliedAt).toMatch(/^\d{4}-\d{2}-\d{2}\s\d{2}:\d{2}:\d{2}$/);
    expect((await detail(india, tabs[2]!.list[0]!.id)).json().data.status).toBe(enIN.complaintTabClosed);
    expect((await detail(india, tabs[0]!.list[0]!.id)).json().data.isScore).toBe(0);
    expect((await detail(india, tabs[2]!.list[0]!.id)).json().data.isScore).toBe(0);
  });

  it("refuses another borrower's complaint with 403 and answers 404 for one that does not exist", async () => {
    const theirs = (await listTabs(indonesia, ID))[0]!.list[0]!.id;
    const response = await detail(india, theirs);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: ResultCode.Forbidden, message: enIN.complaintNotYours, data: null });
    expect((await score(india, theirs, '5')).statusCode).toBe(403);
    expect((await detail(india, 2_000_000_000)).statusCode).toBe(404);
  });

  it('saves a score of 1 to 5 once: the complaint moves to the closed tab and isScore becomes 0', async () => {
    const tabs = await listTabs(india);
    const id = tabs[1]!.list[0]!.id;
    const first = await score(india, id, '4');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ code: '00', message: 'success', data: null });
    expect((await detail(india, id)).json().data.isScore).toBe(0);
    expect((await listTabs(india))[2]!.list.map((item) => item.id)).toContain(id);
    const second = await score(india, id, '5');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ code: ResultCode.InvalidRequest, message: enIN.complaintAlreadyRated, data: null });
  });

  it('refuses a score outside 1 to 5, a missing score, and a score before any reply', async () => {
    const tabs = await listTabs(india);
    for (const value of ['0', '6', 'x'])
      expect((await score(india, tabs[1]!.list[0]?.id ?? tabs[0]!.list[0]!.id, value)).statusCode).toBe(400);
    const missing = await call(t.app, 'saveScore', { session: india, query: IN, body: { score: '3' } });
    expect(missing.json().message).toBe(enIN.invalidRequest.replace('{fields}', 'problemId'));
    const early = await score(india, tabs[0]!.list[0]!.id, '3');
    expect(early.json()).toEqual({ code: ResultCode.InvalidRequest, message: enIN.complaintNotRepliedYet, data: null });
  });
});

describe('agent replies (the reply-complaint ops command)', () => {
  it('writes a reply with an image through the complaints service: the detail shows the Process Result and asks for a score', async () => {
    const created = await save(india, { problemType: '5', problemDetail: 'The app shows a blank page', orderNo: await orderNo(0) });
    const problemId = created.json().data.problemId as number;
    const image = join(uploadDir.path, 'reply-evidence.jpg');
    await writeFile(image, await makeJpeg({ gps: true }));
    const service = t.app.complaints;
    const line = await replyComplaint(service, [String(problemId), '--text', 'Fixed in version 2.1, please update.', '--image', image]);
    expect(line).toContain(`complaint ${problemId}`);
    const { data } = (await call(t.app, 'problemDetail', { session: india, query: IN, body: { problemId: String(problemId) } })).json();
    expect(data.disposeDetail).toBe('Fixed in version 2.1, please update.');
    expect(data.disposeImages).toEqual([expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.jpg\?exp=\d+&sig=/)]);
    expect(data.isScore).toBe(1);
    const served = await t.app.inject({ method: 'GET', url: data.disposeImages[0] });
    expect(served.statusCode).toBe(200);
  });

  it('refuses a reply without text or image, and one to a complaint that does not exist', async () => {
    const service = t.app.complaints;
    await expect(replyComplaint(service, ['1'])).rejects.toThrow(/--text/);
    await expect(replyComplaint(service, ['abc', '--text', 'hi'])).rejects.toThrow(/Usage/);
    await expect(replyComplaint(service, ['2000000000', '--text', 'hi'])).rejects.toThrow(/notFound/);
  });
});
