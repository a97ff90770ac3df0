import { File as NodeFile } from 'node:buffer';
import { Endpoints } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setApiBase } from '@/shared/http/api-client';
import { clearQueryContext } from '@/shared/query-context';
import { startLocalServer } from '@/shared/testing/local-server';
import { renderWithProviders } from '@/shared/testing/render';
import { toast } from '@/shared/toast';
import IdentityPage from './identity-page';
import en from './texts/en-IN';

let server: Awaited<ReturnType<typeof startLocalServer>>;
let status: 'none' | 'awaiting_otp' = 'none';
let jsdomFormData: typeof FormData;

const view = () => ({
  status,
  documentKind: status === 'none' ? null : 'pan_aadhaar',
  name: 'Meera Iyer',
  birthDate: '1990-04-12',
  numberLast4: status === 'none' ? '' : '234F',
  aadhaarLast4: status === 'none' ? null : '0124',
  reason: null,
  selfieUrl: null,
  documentUrl: null,
  applicantName: 'Meera Iyer',
  // the server's countdown, short here: the button waits for it, then sends the kept form again
  otpResendInSeconds: status === 'none' ? 0 : 1,
});

const submits = () => server.received.filter((request) => request.url.pathname.endsWith(Endpoints.identitySubmit.path));

beforeAll(async () => {
  server = await startLocalServer();
  setApiBase(server.origin);
  server.handle((request, response) => {
    if (request.url.pathname.endsWith(Endpoints.identitySubmit.path)) status = 'awaiting_otp';
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ code: '00', message: 'success', data: view() }));
  });
  // jsdom has no object URLs; the page shows the chosen selfie through one
  URL.createObjectURL ??= () => 'blob:selfie';
  URL.revokeObjectURL ??= () => undefined;
  // jsdom's FormData and File cannot travel through Node's fetch: the multipart body is built with Node's own, as a browser uses its own
  jsdomFormData = globalThis.FormData;
  globalThis.FormData = (await new Response(new URLSearchParams('a=1')).formData()).constructor as typeof FormData;
});
afterAll(async () => {
  globalThis.FormData = jsdomFormData;
  await server.close();
});
afterEach(() => {
  cleanup();
  toast.clear();
  clearQueryContext();
  window.history.replaceState(null, '', '/');
});

describe("who you are: UIDAI's code sent again (issue 48)", () => {
  it('starts from the birth date the server gives, waits for the countdown, then sends the kept numbers and selfie again', async () => {
    window.history.replaceState(null, '', '/identity?productId=5&isNeedPop=1');
    await renderWithProviders(<IdentityPage />, { market: 'IN', path: '/identity?productId=5' });
    expect(((await screen.findByLabelText(en.birthDate)) as HTMLInputElement).value).toBe('1990-04-12');

    fireEvent.change(screen.getByLabelText(en.pan), { target: { value: 'ABCPE1234F' } });
    fireEvent.change(screen.getByLabelText(en.aadhaar), { target: { value: '2345 6789 0124' } });
    const selfie = new NodeFile([new Uint8Array([137, 80, 78, 71])], 'selfie.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText(en.selfie), { target: { files: [selfie] } });
    expect(screen.getByRole('img', { name: en.selfiePreview })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: en.consent.IN }));
    fireEvent.click(screen.getByRole('button', { name: en.submit }));

    expect(await screen.findByRole('heading', { name: en.otpTitle })).toBeTruthy();
    expect(submits()).toHaveLength(1);
    const waiting = screen.getByRole('button', { name: en.resendIn.replace('{seconds}', '1') });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);

    const resend = await screen.findByRole('button', { name: en.resend }, { timeout: 3000 });
    expect((resend as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(resend);
    await waitFor(() => expect(submits()).toHaveLength(2));
    // the new code's countdown starts again
    expect(((await screen.findByRole('button', { name: en.resendIn.replace('{seconds}', '1') })) as HTMLButtonElement).disabled).toBe(true);
    // the same numbers and selfie, never asked of the borrower again
    const again = submits()[1]!.body;
    for (const value of ['ABCPE1234F', '2345 6789 0124', '1990-04-12', 'filename="selfie.png"']) expect(again).toContain(value);
    expect(screen.queryByText(enIN.identityOtpResendTooSoon.split('{')[0]!)).toBeNull();
  });
});
