import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setApiBase } from '@/shared/http/api-client';
import { clearQueryContext } from '@/shared/query-context';
import { startLocalServer } from '@/shared/testing/local-server';
import { renderWithProviders } from '@/shared/testing/render';
import { toast } from '@/shared/toast';
import { saveRepayChoice } from '../repay-choice';
import VirtualAccountPage from './virtual-account-page';

const account = {
  amount: 150_000_000,
  vcode: '8808120000001234',
  cardNo: 'PAY7F3K9Q2',
  payType: 1,
  payCode: 'BCA',
  payStep: ['Masukkan kartu ATM dan PIN Anda.', 'Pilih Transfer, lalu BCA Virtual Account.', 'Masukkan nomor virtual account.'],
  specificNum: 'ATM',
  telephone: '+62 21 5082 3100',
  payName: 'BCA - ATM',
  expiryTime: '2026-11-22 10:00:00',
  remainingAmount: 0,
};

const query = 'orderId=9&productId=5&amount=150000000&display=1';
let server: Awaited<ReturnType<typeof startLocalServer>>;
let answer: unknown = account;
/** payment-result's answer (decision 050); every other call gets `answer` */
let paymentAnswer: unknown = null;

beforeAll(async () => {
  server = await startLocalServer();
  setApiBase(server.origin);
  server.handle((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    const data = _request.url.pathname.endsWith('/payment-result') ? paymentAnswer : answer;
    response.end(JSON.stringify({ code: '00', message: 'success', data }));
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
  answer = account;
  paymentAnswer = null;
});
afterEach(() => {
  cleanup();
  toast.clear();
  localStorage.clear();
  clearQueryContext();
  window.history.replaceState(null, '', '/');
});

const open = async (search = query) => {
  window.history.replaceState(null, '', `/that?${search}`);
  return renderWithProviders(<VirtualAccountPage />, { market: 'ID', path: `/that?${search}` });
};

describe('virtual-account repay page (Pelunasan)', () => {
  it('goes to the method chooser with the same params when there is no saved choice', async () => {
    const { navigations } = await open(`${query}&purpose=delay`);
    await waitFor(() => expect(navigations.at(-1)).toBe(`/individual?${query}&purpose=delay`));
    expect(server.received).toHaveLength(0);
  });

  it('generates the code with the saved choice and shows code, total, bill number, method, steps and customer service', async () => {
    saveRepayChoice({ payType: 1, payCode: 'BCA', specificNum: 'ATM', isDefault: 1 });
    await open();
    const code = (await screen.findByRole('textbox', { name: 'Nomor virtual account' })) as HTMLInputElement;
    expect(code.value).toBe('8808120000001234');
    expect(code.readOnly).toBe(true);
    expect(screen.getByRole('heading', { level: 1, name: 'Pelunasan' })).toBeTruthy();
    expect(screen.getByText('Rp 1.500.000,00')).toBeTruthy();
    expect(screen.getByText('PAY7F3K9Q2')).toBeTruthy();
    expect(screen.getByText('BCA - ATM')).toBeTruthy();
    expect(screen.getByText('2026-11-22 10:00:00 WIB')).toBeTruthy();
    expect(
      within(screen.getByRole('list'))
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(account.payStep);
    expect(screen.getByRole('link', { name: /Telepon layanan pelanggan/ }).getAttribute('href')).toBe('tel:+622150823100');
    expect(screen.getByRole('link', { name: 'Ubah metode pembayaran' }).getAttribute('href')).toBe(`/individual?${query}`);
    expect(screen.queryByText('Sisa tagihan setelah pembayaran ini')).toBeNull();

    // the coupon choice asks for the borrower's coupons beside it (issue 50)
    const generated = server.received.find((request) => request.url.pathname.endsWith('/generate-vcode'))!;
    expect(Object.fromEntries(new URLSearchParams(generated.body))).toEqual({
      productId: '5',
      orderId: '9',
      amount: '150000000',
      payCode: 'BCA',
      pay_type: '1',
      is_default: '1',
      is_display: '1',
      specific_num: 'ATM',
      purpose: 'repay',
    });
  });

  it("'paid' opens a tip dialog saying the repayment will be confirmed as soon as possible; OK closes it", async () => {
    saveRepayChoice({ payType: 1, payCode: 'BCA', specificNum: 'ATM', isDefault: 1 });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Saya sudah bayar' }));
    const dialog = screen.getByRole('dialog', { name: 'Terima kasih' });
    expect(within(dialog).getByText('Pembayaran Anda akan dikonfirmasi secepatnya.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('without a clipboard, copy selects the code and says how to copy it', async () => {
    saveRepayChoice({ payType: 1, payCode: 'BCA', specificNum: 'ATM', isDefault: 1 });
    await open();
    const code = (await screen.findByRole('textbox', { name: 'Nomor virtual account' })) as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: 'Salin' }));
    await waitFor(() => expect(toast.current()?.message).toBe('Gagal menyalin. Nomor sudah ditandai: salin dari kotaknya.'));
    expect(code.value.slice(code.selectionStart ?? 0, code.selectionEnd ?? 0)).toBe('8808120000001234');
  });

  it('names a mini-market code a payment code and shows what stays owed when the payment is split', async () => {
    saveRepayChoice({ payType: 2, payCode: 'ALFAMART', specificNum: '', isDefault: 1 });
    answer = {
      ...account,
      payType: 2,
      payCode: 'ALFAMART',
      vcode: 'ALF4J8K2M9',
      payName: 'Alfamart',
      amount: 500_000_000,
      remainingAmount: 100_000_000,
    };
    await open('orderId=9&productId=5&amount=600000000&display=1');
    expect(((await screen.findByRole('textbox', { name: 'Kode pembayaran' })) as HTMLInputElement).value).toBe('ALF4J8K2M9');
    expect(screen.getByText('Sisa tagihan setelah pembayaran ini')).toBeTruthy();
    expect(screen.getByText('Rp 1.000.000,00')).toBeTruthy();
    expect(screen.getByText('Rp 5.000.000,00')).toBeTruthy();
  });

  it('says the link is incomplete when it has no amount, and asks the server nothing', async () => {
    saveRepayChoice({ payType: 1, payCode: 'BCA', specificNum: 'ATM', isDefault: 1 });
    await open('orderId=9&productId=5&display=1');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Tautan pembayaran ini tidak lengkap. Silakan mulai pembayaran lagi dari pinjaman Anda.',
    );
    expect(server.received).toHaveLength(0);
  });

  it('reopened with the bill number of a paid code, shows the paid state with the receipt and the loan, and asks for no new code', async () => {
    saveRepayChoice({ payType: 1, payCode: 'BCA', specificNum: 'ATM', isDefault: 1 });
    const paymentId = 'RPAAAAAAAAAAAAAAAAAAAA';
    paymentAnswer = {
      paymentId,
      orderNo: 'KL-9',
      outcome: 'paid',
      purpose: 'repay',
      method: 'virtual_account',
      methodDetail: 'BCA 8808120000001234',
      amount: 150_000_000,
      time: '2026-11-22 09:00:00',
      remainingAmount: 0,
      settled: 1,
    };
    await open(`${query}&paymentId=${paymentId}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Kode ini sudah dibayar' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lihat bukti pembayaran' }).getAttribute('href')).toBe(
      `#/payResult?productId=5&orderId=9&paymentId=${paymentId}`,
    );
    expect(screen.getByRole('link', { name: 'Lihat pinjaman saya' }).getAttribute('href')).toBe('#/borrowDetail/?productId=5&orderId=9');
    expect(server.received.map((request) => request.url.pathname.split('/').pop())).toEqual(['payment-result']);
  });
});
