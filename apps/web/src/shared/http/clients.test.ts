import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearQueryContext } from '@/shared/query-context';
import { startLocalServer } from '@/shared/testing/local-server';
import { NetworkError, setApiBase } from './api-client';
import { postForm } from './form-client';
import { postJson } from './json-client';

const visit = (address: string) => window.history.replaceState(null, '', address);
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

let server: Awaited<ReturnType<typeof startLocalServer>>;

beforeAll(async () => {
  server = await startLocalServer();
  setApiBase(server.origin);
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
  clearQueryContext();
  visit('/');
});

describe('JSON client', () => {
  it('posts JSON with spits and beech headers from same-named page params, answering the body only', async () => {
    visit('/jointLoginFailure?spits=sp-1&beech=be-2');
    server.answer({ status: '0', message: 'ok', data: { url: 'https://partner.example/apply' } });
    await expect(postJson('jointLoginApply', { productId: '3' })).resolves.toEqual({
      status: '0',
      message: 'ok',
      data: { url: 'https://partner.example/apply' },
    });
    const [request] = server.received;
    expect(request?.url.pathname).toBe('/giants/indah/stand/joint');
    expect(request?.headers).toMatchObject({
      spits: 'sp-1',
      beech: 'be-2',
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
    });
    expect(JSON.parse(request?.body ?? '')).toEqual({ productId: '3' });
  });

  it('sends empty spits and beech headers when the page address has none', async () => {
    visit('/jointLoginFailure');
    server.answer({});
    await postJson('jointLoginApply', { productId: '3' });
    expect(server.received[0]?.headers).toMatchObject({ spits: '', beech: '' });
  });
});

describe('form client', () => {
  it('posts url-encoded fields with swift and eyes headers from page params, answering the raw envelope even on failure', async () => {
    visit('/jointLoginFailure?swift=sw-1&eyes=ey-2');
    const envelope = { status: '3', message: 'closed', data: null };
    server.answer(envelope);
    await expect(postForm('jointLoginProductEvent', { approaches: '7', source: '18', position: 2 })).resolves.toEqual(envelope);
    const [request] = server.received;
    expect(request?.url.pathname).toBe('/giants/indah/stand/necessity');
    expect(request?.headers).toMatchObject({
      swift: 'sw-1',
      eyes: 'ey-2',
      'content-type': 'application/x-www-form-urlencoded',
      'x-requested-with': 'XMLHttpRequest',
    });
    expect(request?.body).toBe('approaches=7&source=18&position=2');
  });

  it('gives up after 60 000 ms without an answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const arrived = new Promise<void>((resolve) => server.handle(() => resolve()));
    let settled = false;
    const call = postForm('jointLoginFailure', { approaches: 'x' }).finally(() => {
      settled = true;
    });
    call.catch(() => undefined);
    await arrived;

    vi.advanceTimersByTime(59_999);
    await nextTurn();
    expect(settled).toBe(false);

    vi.advanceTimersByTime(1);
    await expect(call).rejects.toThrow(NetworkError);
    await expect(call).rejects.toThrow('timeout');
  });
});
