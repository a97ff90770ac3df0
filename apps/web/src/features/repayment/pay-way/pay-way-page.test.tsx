import { Endpoints } from '@kilat/contract';
import { dehydrate, hydrate } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '@/shared/http/api-client';
import { createQueryClient } from '@/shared/http/query-client';
import { parkSingleUse } from '@/shared/http/single-use';
import { clearQueryContext } from '@/shared/query-context';
import { type ReceivedRequest, startLocalServer } from '@/shared/testing/local-server';
import { renderWithProviders } from '@/shared/testing/render';
import { toast } from '@/shared/toast';
import { repaymentWayQuery } from './api/get-repayment-way';
import PayWayPage from './pay-way-page';

const card = { id: '11', bankName: 'HDFC Bank', cardNo: '411111******1111', bankCode: 'HDFC' };
const way = { alipay: 1, repayToken: 'token-1', bankCards: [card], amount: 1_120_000 };

type Envelope = { code: string; message: string; data: unknown };
const ok = (data: unknown): Envelope => ({ code: '00', message: 'success', data });

/** The answers of the local server, per call; a function answers each request in turn. */
let answers: Partial<Record<'repaymentWay' | 'repaymentCommit' | 'repaymentConfirm', (request: ReceivedRequest) => Envelope>>;
let server: Awaited<ReturnType<typeof startLocalServer>>;

const callOf = (request: ReceivedRequest) =>
  (Object.keys(answers) as (keyof typeof answers)[]).find((name) => request.url.pathname.endsWith(Endpoints[name].path));
const sent = (name: keyof typeof answers) =>
  server.received
    .filter((request) => request.url.pathname.endsWith(Endpoints[name].path))
    .map((request) => new URLSearchParams(request.body));

beforeAll(async () => {
  server = await startLocalServer();
  setApiBase(server.origin);
  server.handle((request, response) => {
    const name = callOf(request);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(name ? answers[name]!(request) : { code: '40400', message: 'no such call', data: null }));
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
  let tokens = 0;
  answers = {
    repaymentWay: () => ok({ ...way, repayToken: `token-${++tokens}` }),
    repaymentCommit: () => ok({ needValid: 1, repayRecordId: 'PAY1' }),
    repaymentConfirm: () => ok({ repayRecordId: 'PAY1' }),
  };
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  toast.clear();
  clearQueryContext();
  window.history.replaceState(null, '', '/');
});

const query = 'orderId=9&productId=5&withholdingAmount=1120000&purpose=repay&isNeedPop=1&deviceId=dev-1';

const open = async () => {
  window.history.replaceState(null, '', `/payway?${query}`);
  const view = await renderWithProviders(<PayWayPage />, { market: 'IN', path: `/payway?${query}` });
  await screen.findByRole('radio', { name: 'HDFC Bank 411111******1111' });
  return view;
};

const pay = () => fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
const dialog = () => screen.findByRole('dialog', { name: 'SMS verification' });
const resultOf = (paymentId: string) => `#/payResult?productId=5&orderId=9&paymentId=${paymentId}&isNeedPop=1&deviceId=dev-1`;

describe('pay-way', () => {
  it('asks repayment-way for the amount and purpose of the address and shows the amount', async () => {
    await open();
    expect(Object.fromEntries(sent('repaymentWay')[0]!)).toEqual({ orderId: '9', amount: '1120000', purpose: 'repay' });
    expect(screen.getByText('₹11,200.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a bank card' }).getAttribute('href')).toBe(
      '#/addnormalcard?orderId=9&productId=5&couponMoney=&couponId=&withholdingAmount=1120000&from=payway&purpose=repay',
    );
  });

  it('commits once with the card as shown when pay is tapped twice, sendMsg 0', async () => {
    await open();
    fireEvent.click(screen.getByRole('radio'));
    pay();
    pay();
    await dialog();
    expect(sent('repaymentCommit').map((fields) => Object.fromEntries(fields))).toEqual([
      {
        amount: '1120000',
        bankName: 'HDFC Bank',
        cardId: '11',
        cardNo: '411111******1111',
        orderId: '9',
        repayToken: 'token-1',
        bankCode: 'HDFC',
        sendMsg: '0',
      },
    ]);
  });

  it('pays with the token the server rendered the page with, asking for none; a later visit asks for a new one (decision 168)', async () => {
    // the server's render: repayment-way fetched, then the cache handed to the browser in the HTML
    const server = createQueryClient();
    await server.prefetchQuery({
      ...repaymentWayQuery('9', 1_120_000, 'repay'),
      queryFn: async () => ({ ...way, repayToken: 'server-token' }),
      gcTime: Number.POSITIVE_INFINITY,
    });
    const browser = createQueryClient();
    hydrate(browser, JSON.parse(JSON.stringify(dehydrate(server))));
    parkSingleUse(browser);
    // the cache keeps no spent token for a later visit
    expect(browser.getQueryCache().getAll()).toHaveLength(0);

    await open();
    expect(sent('repaymentWay')).toHaveLength(0);
    fireEvent.click(screen.getByRole('radio'));
    pay();
    await dialog();
    expect(sent('repaymentCommit')[0]?.get('repayToken')).toBe('server-token');

    cleanup();
    await open();
    expect(sent('repaymentWay')).toHaveLength(1);
  });

  it('goes to the payment result with the device params when the card needs no code (needValid 0)', async () => {
    answers.repaymentCommit = () => ok({ needValid: 0, repayRecordId: 'PAY1' });
    const { navigations } = await open();
    fireEvent.click(screen.getByRole('radio'));
    pay();
    await waitFor(() => expect(navigations.at(-1)).toBe(resultOf('PAY1')));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for a new token after a commit that failed, since the failure may have spent it', async () => {
    answers.repaymentCommit = () => ({ code: '40000', message: 'The payment was declined by your bank.', data: null });
    await open();
    fireEvent.click(screen.getByRole('radio'));
    pay();
    await waitFor(() => expect(sent('repaymentWay')).toHaveLength(2));
    expect(screen.getByRole('status').textContent).toBe('The payment was declined by your bank.');
    answers.repaymentCommit = () => ok({ needValid: 1, repayRecordId: 'PAY2' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay now' }).getAttribute('aria-disabled')).toBe('false'));
    pay();
    await dialog();
    expect(sent('repaymentCommit').at(-1)?.get('repayToken')).toBe('token-2');
  });

  it("restarts the countdown when a resend fails, showing 'Processing failed'", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await open();
    fireEvent.click(screen.getByRole('radio'));
    pay();
    const verification = await dialog();
    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    const resend = within(verification).getByRole('button', { name: 'Get code' });
    answers.repaymentCommit = () => ({ code: '50000', message: '', data: null });
    fireEvent.click(resend);
    await within(verification).findByRole('button', { name: /60 s$/ });
    expect(sent('repaymentCommit').at(-1)?.get('sendMsg')).toBe('1');
    expect(screen.getByRole('status').textContent).toBe('Processing failed');
  });

  it("answers 800005 with 'Do not submit repayment request twice' and shows the payment's result, where it stands", async () => {
    answers.repaymentConfirm = () => ({ code: '800005', message: 'server words', data: null });
    const { navigations } = await open();
    fireEvent.click(screen.getByRole('radio'));
    pay();
    const verification = await dialog();
    fireEvent.change(within(verification).getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(within(verification).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(navigations.at(-1)).toBe(resultOf('PAY1')));
    expect(screen.getByRole('status').textContent).toBe('Do not submit repayment request twice');
    expect(Object.fromEntries(sent('repaymentConfirm')[0]!)).toEqual({ orderId: '9', verifyCode: '123456', repaymentRecordId: 'PAY1' });
  });

  it("shows the card list failure: the server's message, or 'Query card list failed'", async () => {
    answers.repaymentWay = () => ({ code: '50000', message: '', data: null });
    window.history.replaceState(null, '', `/payway?${query}`);
    await renderWithProviders(<PayWayPage />, { market: 'IN', path: `/payway?${query}` });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Query card list failed');
    expect(screen.getByRole('status').textContent).toBe('Query card list failed');
  });
});
