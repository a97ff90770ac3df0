/**
 * Evidence images behind a load balancer (issue 16): bytes in an S3-compatible store every
 * instance reads, and served only through a link signed for minutes or to the uploader's session.
 */
import { Market, ResultCode } from '@kilat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoSession, demoSession, SETUP_TIMEOUT_MS, useTestApp, useTestDatabase } from '../../test/app.js';
import { makeJpeg, upload } from '../../test/images.js';
import { startTestS3, type TestS3 } from '../../test/s3.js';

let s3: TestS3;
let owner: DemoSession;
let other: DemoSession;

beforeAll(async () => {
  s3 = await startTestS3();
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await s3.close();
}, SETUP_TIMEOUT_MS);
const shared = useTestDatabase();
const uploads = () => ({ s3: s3.settings, signingKey: 'test-link-key-shared-by-both-instances', linkTtlSeconds: 300 });
const a = useTestApp(() => ({ database: shared, config: { uploads: uploads(), uploadDir: '/nonexistent/kilat-a' } }));
const b = useTestApp(() => ({ database: shared, seed: false, config: { uploads: uploads(), uploadDir: '/nonexistent/kilat-b' } }));
beforeAll(async () => {
  owner = await demoSession(a.app, Market.India);
  other = await demoSession(a.app, Market.Indonesia);
}, SETUP_TIMEOUT_MS);

const pathOf = (url: string) => new URL(url, 'http://kilat.test').pathname;
const withSession = (session: DemoSession) => ({ authorization: `Bearer ${session.sessionId}` });

describe('images in an S3-compatible store', () => {
  it('uploaded through one instance, is served by the other through the signed link the API answered', async () => {
    const { data } = (await upload(a.app, owner, { data: await makeJpeg() })).json();
    const served = await b.app.inject({ method: 'GET', url: data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(served.headers['cache-control']).toMatch(/^private, max-age=(29\d|300)$/);
  });

  it('is refused, like a name that does not exist, without a link or with a forged or altered one', async () => {
    const { data } = (await upload(a.app, owner, { data: await makeJpeg() })).json();
    const path = pathOf(data.url);
    const query = new URL(data.url, 'http://kilat.test').searchParams;
    const forged = `${path}?exp=${query.get('exp')}&sig=${'A'.repeat(43)}`;
    const longer = `${path}?exp=${Number(query.get('exp')) + 3600}&sig=${query.get('sig')}`;
    for (const url of [path, forged, longer]) {
      const response = await b.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe(ResultCode.NotFound);
    }
  });

  it('stops serving a link once its minutes are up', async () => {
    const { data } = (await upload(a.app, owner, { data: await makeJpeg() })).json();
    b.clock.advance(301_000);
    try {
      expect((await b.app.inject({ method: 'GET', url: data.url })).statusCode).toBe(404);
    } finally {
      b.clock.advance(-301_000);
    }
  });

  it('is served without a link to the uploader’s own session only', async () => {
    const { data } = (await upload(a.app, owner, { data: await makeJpeg() })).json();
    const path = pathOf(data.url);
    const mine = await b.app.inject({ method: 'GET', url: `${path}?deviceId=${owner.deviceId}`, headers: withSession(owner) });
    expect(mine.statusCode).toBe(200);
    const theirs = await b.app.inject({ method: 'GET', url: `${path}?deviceId=${other.deviceId}`, headers: withSession(other) });
    expect(theirs.statusCode).toBe(404);
  });
});
