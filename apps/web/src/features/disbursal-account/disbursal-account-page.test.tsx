import { Endpoints } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setApiBase } from '@/shared/http/api-client';
import { clearQueryContext } from '@/shared/query-context';
import { startLocalServer } from '@/shared/testing/local-server';
import { renderWithProviders } from '@/shared/testing/render';
import { toast } from '@/shared/toast';
import DisbursalAccountPage from './disbursal-account-page';
import en from './texts/en-IN';
import id from './texts/id-ID';

let server: Awaited<ReturnType<typeof startLocalServer>>;
const mismatch = enIN.disbursalNameMismatch.replace('{name}', 'Meera Iyer');

const saves = () =>
  server.received
    .filter((request) => request.url.pathname.endsWith(Endpoints.disbursalAccountSave.path))
    .map((request) => Object.fromEntries(new URLSearchParams(request.body)));

beforeAll(async () => {
  server = await startLocalServer();
  setApiBase(server.origin);
  // a real HTTP server: no account yet; a UPI ID ending 9002 belongs to someone else, anything else is usable
  server.handle((request, response) => {
    let data: unknown = { account: null, applicantName: 'Meera Iyer', phoneLast4: '3210', changeNeedsCode: false };
    if (request.url.pathname.endsWith(Endpoints.disbursalAccountSave.path)) {
      const fields = Object.fromEntries(new URLSearchParams(request.body));
      const other = (fields.vpa ?? '').startsWith('meera9002');
      data = {
        account: {
          kind: fields.kind,
          channelCode: fields.channelCode ?? 'okhdfcbank',
          bankName: 'DANA',
          holderName: fields.holderName,
          last4: '7890',
          status: other ? 'name_mismatch' : 'pending',
          usable: !other,
          nameMatchScore: other ? 0 : null,
          reason: other ? mismatch : null,
        },
      };
    }
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

describe('where the money goes (issue 28)', () => {
  it('sends an Indonesian e-wallet by its phone and goes back to loan confirm once the account is usable', async () => {
    window.history.replaceState(null, '', '/disbursalAccount?productId=5&isNeedPop=0');
    const { navigations } = await renderWithProviders(<DisbursalAccountPage />, { market: 'ID', path: '/disbursalAccount?productId=5' });
    fireEvent.click(await screen.findByRole('radio', { name: id.kind.ewallet }));
    fireEvent.change(screen.getByLabelText(id.wallet), { target: { value: 'ID_DANA' } });
    fireEvent.change(screen.getByLabelText(id.walletPhone), { target: { value: '0812 3456 7890' } });
    fireEvent.click(screen.getByRole('button', { name: id.save }));

    await waitFor(() => expect(navigations.at(-1)).toBe('/loanConfirm?productId=5'));
    expect(saves()).toEqual([{ kind: 'ewallet', holderName: 'Meera Iyer', channelCode: 'ID_DANA', phone: '0812 3456 7890' }]);
  });

  it('refuses a UPI ID without @ by its field, sending nothing, and explains a name mismatch where the borrower looks', async () => {
    window.history.replaceState(null, '', '/disbursalAccount?productId=5&isNeedPop=1');
    const before = saves().length;
    const { navigations } = await renderWithProviders(<DisbursalAccountPage />, { market: 'IN', path: '/disbursalAccount?productId=5' });
    fireEvent.click(await screen.findByRole('radio', { name: en.kind.upi }));
    const upi = screen.getByLabelText(en.upi);
    fireEvent.change(upi, { target: { value: 'meera9002' } });
    fireEvent.click(screen.getByRole('button', { name: en.save }));
    expect(await screen.findByText(enIN.disbursalUpiInvalid)).toBeTruthy();
    expect(upi.getAttribute('aria-invalid')).toBe('true');
    expect(saves()).toHaveLength(before);

    fireEvent.change(upi, { target: { value: 'meera9002@okhdfcbank' } });
    fireEvent.click(screen.getByRole('button', { name: en.save }));
    expect(await screen.findByText(mismatch)).toBeTruthy();
    expect(saves().at(-1)).toEqual({ kind: 'upi', holderName: 'Meera Iyer', vpa: 'meera9002@okhdfcbank' });
    expect(navigations.some((address) => address.startsWith('/loanConfirm'))).toBe(false);
  });
});
