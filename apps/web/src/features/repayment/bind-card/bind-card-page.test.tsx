import { Endpoints } from '@kilat/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setApiBase } from '@/shared/http/api-client';
import { clearQueryContext } from '@/shared/query-context';
import { startLocalServer } from '@/shared/testing/local-server';
import { renderWithProviders } from '@/shared/testing/render';
import { toast } from '@/shared/toast';
import BindCardPage from './bind-card-page';
import texts from './texts/en-IN';

const card = { id: '77', bankName: 'HDFC Bank', cardNo: '400000******0077', bankCode: 'HDFC' };
let server: Awaited<ReturnType<typeof startLocalServer>>;

const sent = (name: 'bankList' | 'bindCard') => server.received.filter((request) => request.url.pathname.endsWith(Endpoints[name].path));

beforeAll(async () => {
  server = await startLocalServer();
  setApiBase(server.origin);
  // a real HTTP server: the banks, and the bound card masked
  server.handle((request, response) => {
    const data = request.url.pathname.endsWith(Endpoints.bankList.path) ? { list: [{ bankCode: 'HDFC', bankName: 'HDFC Bank' }] } : card;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ code: '00', message: 'success', data }));
  });
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  toast.clear();
  clearQueryContext();
  window.history.replaceState(null, '', '/');
});

const query = 'orderId=9&productId=5&withholdingAmount=1120000&purpose=repay&from=payway&isNeedPop=1';

describe('bind card', () => {
  it('binds once when save is tapped twice, then returns to pay-way with the new card chosen', async () => {
    window.history.replaceState(null, '', `/#/addnormalcard?${query}`);
    const { navigations } = await renderWithProviders(<BindCardPage />, { market: 'IN', path: `/addnormalcard?${query}` });
    fireEvent.change(await screen.findByLabelText(texts.bank), { target: { value: 'HDFC' } });
    fireEvent.change(screen.getByLabelText(texts.cardNumber), { target: { value: '4000000000000077' } });
    fireEvent.change(screen.getByLabelText(texts.holderName), { target: { value: 'Asha Rao' } });
    const save = screen.getByRole('button', { name: texts.save });
    fireEvent.click(save);
    fireEvent.click(save);

    await waitFor(() => expect(navigations.at(-1)).toContain('cardId=77'));
    expect(sent('bindCard').map((request) => Object.fromEntries(new URLSearchParams(request.body)))).toEqual([
      { bankCode: 'HDFC', cardNo: '4000000000000077', holderName: 'Asha Rao' },
    ]);
    expect(toast.current()?.message).toBe(texts.cardSaved);
  });
});
