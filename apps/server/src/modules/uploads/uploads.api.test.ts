import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Limits, Market, ResultCode } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema.js';
import { type DemoSession, demoSession, SETUP_TIMEOUT_MS, useTempDir, useTestApp } from '../../test/app.js';
import { makeExecutable, makeJpeg, makePixelFloodPng, makePng, makeWebp, upload } from '../../test/images.js';

const uploadDir = useTempDir('kilat-uploads-');
const t = useTestApp(() => ({ config: { uploadDir: uploadDir.path } }));
let india: DemoSession;
let indonesia: DemoSession;

beforeAll(async () => {
  [india, indonesia] = await Promise.all([demoSession(t.app, Market.India), demoSession(t.app, Market.Indonesia)]);
}, SETUP_TIMEOUT_MS);

const stored = async () => {
  const [row] = await t.database.db.select({ n: count() }).from(uploads);
  return { rows: row?.n ?? 0, files: (await readdir(uploadDir.path).catch(() => [])).length };
};

/** The EXIF entry that points to the GPS data: tag 0x8825, type LONG, little-endian as sharp writes it. */
const GPS_IFD_ENTRY = Buffer.from([0x25, 0x88, 0x04, 0x00]);

/** a stored image's address: its random name, signed for a few minutes (issue 16) */
const STORED_URL = /^\/uploads\/[0-9a-f]{32}\.(jpg|png|webp)\?exp=\d+&sig=[A-Za-z0-9_-]{43}$/;
const nameOf = (url: string) => new URL(url, 'http://kilat.test').pathname.split('/').pop()!;

describe('upload-problem-img', () => {
  it('stores a JPEG under an unguessable name in the data folder and answers data.url', async () => {
    const response = await upload(t.app, india, { data: await makeJpeg() });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ code: '00', message: 'success' });
    expect(body.data.url).toMatch(STORED_URL);
    const name = nameOf(body.data.url);
    expect(await readdir(uploadDir.path)).toContain(name);
    const again = (await upload(t.app, india, { data: await makeJpeg() })).json();
    expect(again.data.url).not.toBe(body.data.url);
  });

  it('serves the stored image at data.url with its content type and nosniff', async () => {
    const { data } = (await upload(t.app, india, { data: await makeJpeg() })).json();
    const served = await t.app.inject({ method: 'GET', url: data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('answers 404 for an image name that was never issued', async () => {
    const served = await t.app.inject({ method: 'GET', url: `/uploads/${'0'.repeat(32)}.jpg` });
    expect(served.statusCode).toBe(404);
    expect(served.json().code).toBe(ResultCode.NotFound);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });

  it('re-encodes a photo so that its GPS tag is gone, and the rest of its EXIF with it', async () => {
    const original = await makeJpeg({ gps: true });
    const before = await sharp(original).metadata();
    expect(before.exif?.includes(GPS_IFD_ENTRY)).toBe(true);
    const { data } = (await upload(t.app, india, { data: original })).json();
    const file = await readFile(join(uploadDir.path, nameOf(data.url)));
    const after = await sharp(file).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(file.includes(Buffer.from('KilatPhone'))).toBe(false);
    expect(after.width).toBe(before.width);
  });

  it('accepts PNG and WebP, keeping their format', async () => {
    const png = (await upload(t.app, india, { data: await makePng(), filename: 'screen.png', contentType: 'image/png' })).json();
    expect(png.data.url).toMatch(/\.png\?/);
    const webp = (await upload(t.app, india, { data: await makeWebp(), filename: 'x.webp', contentType: 'image/webp' })).json();
    expect(webp.data.url).toMatch(/\.webp\?/);
  });

  it('checks the content, not the name: a JPEG named .txt is accepted', async () => {
    const response = await upload(t.app, india, { data: await makeJpeg(), filename: 'notes.txt', contentType: 'text/plain' });
    expect(response.json().data.url).toMatch(/\.jpg\?/);
  });

  it('refuses a non-image upload with the upload text and stores nothing', async () => {
    const before = await stored();
    const response = await upload(t.app, india, { data: Buffer.from('hello, this is not an image'), filename: 'a.jpg' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ code: ResultCode.InvalidRequest, message: enIN.uploadNotAnImage, data: null });
    expect(await stored()).toEqual(before);
  });

  it('refuses a renamed executable, in Indonesian for an Indonesian borrower, and stores nothing', async () => {
    const before = await stored();
    const response = await upload(t.app, indonesia, { data: makeExecutable(), filename: 'foto.jpg', contentType: 'image/jpeg' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ code: ResultCode.InvalidRequest, message: idID.uploadNotAnImage, data: null });
    expect(await stored()).toEqual(before);
  });

  it('refuses an image over 10 MB and stores nothing', async () => {
    const before = await stored();
    const jpeg = await makeJpeg();
    const oversized = Buffer.concat([jpeg, Buffer.alloc(Limits.uploadMaxBytes + 1 - jpeg.length)]);
    const response = await upload(t.app, india, { data: oversized });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: ResultCode.InvalidRequest, message: enIN.uploadTooLarge, data: null });
    expect(await stored()).toEqual(before);
  });

  it('refuses a pixel-flood image (a tiny PNG declaring 20000 × 20000) without decoding it, and stores nothing', async () => {
    const before = await stored();
    const flood = makePixelFloodPng(20_000, 20_000);
    expect(flood.length).toBeLessThan(100);
    const response = await upload(t.app, india, { data: flood, filename: 'flood.png', contentType: 'image/png' });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: ResultCode.InvalidRequest, message: enIN.uploadTooManyPixels, data: null });
    expect(await stored()).toEqual(before);
  });

  it('refuses a file sent under another field name than problemImage', async () => {
    const response = await upload(t.app, india, { field: 'file', data: await makeJpeg() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: ResultCode.InvalidRequest, message: enIN.uploadMissing, data: null });
  });

  it('answers 401 without a session and stores nothing', async () => {
    const before = await stored();
    const response = await upload(t.app, null, { data: await makeJpeg() }, { market: 'IN' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(ResultCode.Unauthenticated);
    expect(await stored()).toEqual(before);
  });
});
