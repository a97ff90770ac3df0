import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setApiBase } from '@/shared/http/api-client';
import { clearQueryContext } from '@/shared/query-context';
import { startLocalServer } from '@/shared/testing/local-server';
import { renderWithProviders } from '@/shared/testing/render';
import { toast } from '@/shared/toast';
import { readRepayChoice, saveRepayChoice } from '../repay-choice';
import RepayMethodPage from './repay-method-page';

const banks = [
  {
    bankName: 'BCA',
    payCode: 'BCA',
    method: [
      { name: 'ATM', code: 'ATM' },
      { name: 'Mobile banking', code: 'MBANKING' },
    ],
  },
  { bankName: 'BRI', payCode: 'BRI', method: [{ name: 'ATM', code: 'ATM' }] },
];
const markets = [
  { bankName: 'Alfamart', payCode: 'ALFAMART', method: [] },
  { bankName: 'Indomaret', payCode: 'INDOMARET', method: [] },
];

const query = 'orderId=9&productId=5&amount=150000000&display=1';
let server: Awaited<ReturnType<typeof startLocalServer>>;

beforeAll(async () => {
  server = await startLocalServer();
  setApiBase(server.origin);
  // a real HTTP server answers init-pay-type by the pay type asked
  server.handle((request, response) => {
    const payType = new URLSearchParams(request.body).get('pay_type');
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ code: '00', message: 'success', data: { list: payType === '2' ? markets : banks } }));
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
});
afterEach(() => {
  cleanup();
  toast.clear();
  localStorage.clear();
  clearQueryContext();
  window.history.replaceState(null, '', '/');
});

const open = async (search = query) => {
  window.history.replaceState(null, '', `/individual?${search}`);
  return renderWithProviders(<RepayMethodPage />, { market: 'ID', path: `/individual?${search}` });
};
const toastText = () => toast.current()?.message;

describe('repay method chooser', () => {
  it("shows 'Silakan lengkapi informasinya' when saving with no type chosen", async () => {
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Simpan' }));
    expect(toastText()).toBe('Silakan lengkapi informasinya');
  });

  it("bank type needs a bank and a method, else 'Silakan lengkapi informasinya'", async () => {
    const { navigations } = await open();
    fireEvent.click(await screen.findByRole('radio', { name: 'Bank' }));
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(toastText()).toBe('Silakan lengkapi informasinya');
    toast.clear();
    fireEvent.click(await screen.findByRole('radio', { name: 'BCA' }));
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(toastText()).toBe('Silakan lengkapi informasinya');
    expect(readRepayChoice()).toBeNull();
    expect(navigations).toEqual([`/individual?${query}`]);
  });

  it("mini market needs a market, else 'Silakan lengkapi informasinya'", async () => {
    await open();
    fireEvent.click(await screen.findByRole('radio', { name: 'Minimarket' }));
    await screen.findByRole('radio', { name: 'Alfamart' });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(toastText()).toBe('Silakan lengkapi informasinya');
  });

  it('lists the banks with their methods (init-pay-type 1), saves the choice and goes to the virtual-account page', async () => {
    const { navigations } = await open();
    fireEvent.click(await screen.findByRole('radio', { name: 'Bank' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'BCA' }));
    expect(screen.getByRole('group', { name: 'Cara bayar di BCA' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Mobile banking' }));
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(readRepayChoice()).toEqual({ payType: 1, payCode: 'BCA', specificNum: 'MBANKING', isDefault: 1 });
    await waitFor(() => expect(navigations.at(-1)).toBe(`/that?${query}`));
    const asked = new URLSearchParams(server.received[0]!.body);
    expect(Object.fromEntries(asked)).toEqual({ productId: '5', orderId: '9', pay_type: '1' });
  });

  it('changing type clears bank, method and the saved local choice', async () => {
    saveRepayChoice({ payType: 1, payCode: 'BCA', specificNum: 'ATM', isDefault: 1 });
    await open();
    // the chooser opens on the saved choice
    expect(((await screen.findByRole('radio', { name: 'ATM' })) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'BCA' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: 'Minimarket' }));
    expect(localStorage.getItem('kilat.repay-choice')).toBeNull();
    await screen.findByRole('radio', { name: 'Alfamart' });
    fireEvent.click(screen.getByRole('radio', { name: 'Bank' }));
    expect(((await screen.findByRole('radio', { name: 'BCA' })) as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByRole('radio', { name: 'ATM' })).toBeNull();
  });

  it('an amount over the mini-market limit adds a note to Mini Market steering to a bank or a split payment', async () => {
    await open('orderId=9&productId=5&amount=600000000&display=1');
    const miniMarket = await screen.findByRole('radio', { name: 'Minimarket' });
    const note = document.getElementById(miniMarket.getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toBe(
      'Pembayaran di minimarket maksimal Rp\u00a05.000.000,00. Bayar Rp\u00a06.000.000,00 melalui bank, atau bayar Rp\u00a05.000.000,00 di minimarket dan sisanya dengan pembayaran lain.',
    );
  });

  it('adds no note at or under the limit', async () => {
    await open('orderId=9&productId=5&amount=500000000&display=1');
    const miniMarket = await screen.findByRole('radio', { name: 'Minimarket' });
    expect(miniMarket.getAttribute('aria-describedby')).toBeNull();
  });
});
