import { Endpoints } from '@kilat/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activateLocale } from '@/shared/i18n';
import { clearQueryContext } from '@/shared/query-context';
import { clearSessionFailure, currentSessionFailure } from '@/shared/session';
import { startLocalServer } from '@/shared/testing/local-server';
import { toast } from '@/shared/toast';
import { ApiError, callApi, NetworkError, setApiBase } from './api-client';
import { buildRequest } from './transport';

const visit = (address: string) => window.history.replaceState(null, '', address);

/** Every toast shown during a test, in order. */
const shownToasts: string[] = [];
const unsubscribe = toast.subscribe(() => {
  const current = toast.current();
  if (current) shownToasts.push(`${current.kind}:${current.message}`);
});

let server: Awaited<ReturnType<typeof startLocalServer>>;

beforeAll(async () => {
  await activateLocale('en-IN');
  server = await startLocalServer();
  setApiBase(server.origin);
});
afterAll(async () => {
  unsubscribe();
  await server.close();
});
beforeEach(() => {
  visit('/loanDetails?deviceId=dev-1&isNeedPop=1&appVersion=2.0.0&sessionId=token-abc&orderId=9');
  server.received.length = 0;
  shownToasts.length = 0;
});
afterEach(() => {
  toast.clear();
  clearQueryContext();
});

describe('building a call', () => {
  it('puts /giants, the endpoint path and the common params in the URL, and form-encodes a POST body', () => {
    const { url, init } = buildRequest(Endpoints.loanDetails, { productId: '5', orderId: '9' });
    const parsed = new URL(url, 'http://host');
    expect(parsed.pathname).toBe('/giants/v3/loan-details/loan-details');
    expect(Object.fromEntries(parsed.searchParams)).toMatchObject({ deviceId: 'dev-1', market: 'IN', appVersion: '2.0.0' });
    expect(init.method).toBe('POST');
    expect(init.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(init.body).toBe('productId=5&orderId=9');
  });

  it('sends the session token as a Bearer header and never in the query string', () => {
    const { url, init } = buildRequest(Endpoints.contactInfo, { overall: '30' });
    expect(init.headers.authorization).toBe('Bearer token-abc');
    expect(url).not.toContain('token-abc');
    expect(window.location.href).not.toContain('token-abc');
  });

  it('puts a GET call’s own params in the query too, with no body', () => {
    const { url, init } = buildRequest(Endpoints.qaList, { orderNo: 'A1', pid: 0 });
    const parsed = new URL(url, 'http://host');
    expect(parsed.searchParams.get('orderNo')).toBe('A1');
    expect(parsed.searchParams.get('pid')).toBe('0');
    expect(parsed.searchParams.get('deviceId')).toBe('dev-1');
    expect(init.body).toBeUndefined();
  });

  it('sends an upload as the FormData itself, leaving the multipart boundary to the browser', () => {
    const form = new FormData();
    form.append('problemImage', new Blob(['jpeg-bytes'], { type: 'image/jpeg' }), 'a.jpg');
    const { url, init } = buildRequest(Endpoints.uploadProblemImage, form);
    expect(init.body).toBe(form);
    expect(init.headers['Content-Type']).toBeUndefined();
    expect(new URL(url, 'http://host').pathname).toBe('/giants/user-problem/upload-problem-img');
  });

  it('marks every call as XMLHttpRequest', () => {
    expect(buildRequest(Endpoints.loanDetails, {}).init.headers['X-Requested-With']).toBe('XMLHttpRequest');
  });
});

describe('callApi against a real server', () => {
  it('answers the data of a success envelope', async () => {
    server.answer({ code: '00', message: 'ok', data: { email: 'cs@kilat.in', smWa: '+91 1' } });
    await expect(callApi('contactInfo', { overall: '30' })).resolves.toEqual({ email: 'cs@kilat.in', smWa: '+91 1' });
    const [request] = server.received;
    expect(request?.method).toBe('POST');
    expect(request?.url.pathname).toBe('/giants/v3/personal-center/contact-kf-info');
    expect(request?.url.searchParams.get('deviceId')).toBe('dev-1');
    expect(request?.url.searchParams.has('sessionId')).toBe(false);
    expect(request?.headers.authorization).toBe('Bearer token-abc');
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request?.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(request?.body).toBe('overall=30');
    expect(shownToasts).toEqual([]);
  });

  it('shows the server’s message once as a toast and throws an ApiError on a non-success code', async () => {
    const envelope = { code: '800006', message: 'Verification code wrong', data: { retry: true } };
    server.answer(envelope);
    const error = await callApi('repaymentConfirm', { orderId: '9', verifyCode: '123456', repaymentRecordId: '1' }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: '800006', message: 'Verification code wrong', data: { retry: true }, raw: envelope });
    expect(shownToasts).toEqual(['message:Verification code wrong']);
  });

  it('shows a default message when a failure comes without one', async () => {
    server.answer({ code: '50000', message: '', data: null });
    await expect(callApi('repaymentWay', { orderId: '9' })).rejects.toBeInstanceOf(ApiError);
    expect(shownToasts).toEqual(['message:Processing failed']);
  });

  it('shows the call’s own default when it names one: card list failure, message or query card list failed', async () => {
    server.answer({ code: '50000', message: '', data: null });
    await expect(callApi('repaymentWay', { orderId: '9' }, { fallbackMessage: 'queryCardListFailed' })).rejects.toMatchObject({
      message: 'Query card list failed',
    });
    server.answer({ code: '40400', message: 'Order not found', data: null });
    await expect(callApi('repaymentWay', { orderId: '9' }, { fallbackMessage: 'queryCardListFailed' })).rejects.toBeInstanceOf(ApiError);
    expect(shownToasts).toEqual(['message:Query card list failed', 'message:Order not found']);
  });

  it('treats code 0 as a failure of a loan call but as the success of a promotion call', async () => {
    server.answer({ code: '0', message: 'not for loans', data: null });
    await expect(callApi('loanDetails', { productId: '5', orderId: '9' })).rejects.toMatchObject({ code: '0' });

    server.answer({ code: '0', message: 'ok', data: { sid: 'captcha-1' } });
    await expect(callApi('captchaSession', {})).resolves.toEqual({ sid: 'captcha-1' });
    expect(server.received.at(-1)?.method).toBe('GET');
  });

  it('reads the status field of joint-login calls and sends the swift and eyes page params as headers', async () => {
    visit('/jointLoginFailure?approaches=ap-1&swift=sw-9&eyes=ey-3');
    server.answer({ status: '0', message: 'ok', data: { headline: 'h', notice: 'n', list: [] } });
    await expect(callApi('jointLoginFailure', { approaches: 'ap-1' })).resolves.toEqual({ headline: 'h', notice: 'n', list: [] });
    expect(server.received[0]?.headers).toMatchObject({ swift: 'sw-9', eyes: 'ey-3' });
    expect(server.received[0]?.body).toBe('approaches=ap-1');

    server.answer({ status: '2', message: 'No products today', data: null });
    await expect(callApi('jointLoginApply', { productId: '3' })).rejects.toMatchObject({ code: '2', message: 'No products today' });
    expect(shownToasts).toEqual(['message:No products today']);
  });

  it('shows the loading toast during the call when asked, and closes it after', async () => {
    server.answer({ code: '00', message: 'ok', data: { email: 'e', smWa: 's' } });
    await callApi('contactInfo', { overall: '30' }, { loading: true });
    expect(shownToasts).toEqual(['loading:Loading...']);
    expect(toast.current()).toBeNull();
  });

  it('shows no toast for a silent call', async () => {
    server.answer({ code: '40400', message: 'We could not find what you asked for.', data: null });
    await expect(callApi('problemDetail', { problemId: 1 }, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(shownToasts).toEqual([]);
  });

  it('leaves the codes a call names to its page, and toasts any other failure (issue 48)', async () => {
    server.answer({ code: '40401', message: 'There is no account with this number yet.', data: null }, 404);
    await expect(callApi('loginCode', { phone: '+919876543210' }, { quietCodes: ['40401'] })).rejects.toMatchObject({ code: '40401' });
    expect(shownToasts).toEqual([]);
    server.answer({ code: '42900', message: 'Do not resend code', data: null }, 429);
    await expect(callApi('loginCode', { phone: '+919876543210' }, { quietCodes: ['40401'] })).rejects.toMatchObject({ code: '42900' });
    expect(shownToasts).toEqual(['message:Do not resend code']);
  });

  it('reads an envelope sent with an HTTP error status', async () => {
    server.answer({ code: '40300', message: 'This order is not yours.', data: null }, 403);
    await expect(callApi('problemList', {})).rejects.toMatchObject({ code: '40300' });
    expect(shownToasts).toEqual(['message:This order is not yours.']);
    expect(currentSessionFailure()).toBeNull();
  });

  it('reports a session failure for the page to show instead of a toast (decision 053)', async () => {
    server.answer({ code: '40100', message: 'Your session has ended. Please open the app again.', data: null }, 401);
    await expect(callApi('problemList', {})).rejects.toMatchObject({ code: '40100' });
    expect(shownToasts).toEqual([]);
    // this page carried a token (sessionId in its address): it has expired, rather than never signed in
    expect(currentSessionFailure()).toBe('expired');
    clearSessionFailure();
  });

  it('shows the network error text when the server cannot be reached', async () => {
    const unreachable = await startLocalServer();
    await unreachable.close();
    setApiBase(unreachable.origin);
    try {
      await expect(callApi('contactInfo', { overall: '30' })).rejects.toBeInstanceOf(NetworkError);
      expect(shownToasts).toEqual(['message:Error']);
    } finally {
      setApiBase(server.origin);
    }
  });

  it('treats an answer that is not an envelope as a network error', async () => {
    server.handle((_request, response) => response.end('<html>gateway</html>'));
    await expect(callApi('contactInfo', { overall: '30' })).rejects.toBeInstanceOf(NetworkError);
    expect(shownToasts).toEqual(['message:Error']);
  });
});
