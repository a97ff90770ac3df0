import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { ResultCode } from '@kilat/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTempDir, useTestApp, useTestDatabase } from '../test/app.js';

const dist = useTempDir('kilat-web-');
const SCRIPT = 'console.log(1)';

beforeAll(async () => {
  await mkdir(join(dist.path, 'assets'));
  await writeFile(
    join(dist.path, 'index.html'),
    '<!doctype html><html><head><title>Kilat</title></head><body><div id="root"></div></body></html>',
  );
  await writeFile(join(dist.path, 'assets', 'index-3f2a9c.js'), 'console.log(1)');
  // what the web build's precompress plugin writes beside each text file
  await writeFile(join(dist.path, 'assets', 'index-3f2a9c.js.br'), brotliCompressSync(SCRIPT));
  await writeFile(join(dist.path, 'assets', 'index-3f2a9c.js.gz'), gzipSync(SCRIPT));
});
const company = {
  IN: {
    name: 'Lender IN',
    address: 'Somewhere, India',
    registration: 'RBI CoR N-01.00001',
    phone: '+91 22 1234 5678',
    email: 'help@lender.example',
    grievance: { name: 'Nodal Officer', phone: '+91 22 1234 0000', email: 'nodal@lender.example' },
  },
  ID: {
    name: 'PT Lender',
    address: 'Jakarta',
    registration: 'KEP-01/D.05/2026',
    phone: '+62 21 1111 2222',
    email: 'cs@lender.example',
    grievance: { name: 'Unit Pengaduan', phone: '+62 21 1111 0000', email: 'pengaduan@lender.example' },
  },
};
const database = useTestDatabase();
const built = useTestApp(() => ({ seed: false, database, config: { webDist: dist.path, company } }));
const unbuilt = useTestApp({ seed: false, database });

describe('the built web app', () => {
  it('answers page routes such as /testPreview with index.html, never cached', async () => {
    for (const url of ['/', '/testPreview', '/complainPageNext?orderNo=1']) {
      const response = await built.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it("puts the deployment's lender and customer-service contacts into every page, one source for all pages", async () => {
    for (const url of ['/', '/customerService']) {
      const body = (await built.app.inject({ method: 'GET', url })).body;
      const content = /<meta name="kilat-contacts" content="([^"]*)"/.exec(body)?.[1] ?? '';
      const contacts = JSON.parse(content.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&'));
      expect(contacts.IN).toEqual(built.config.company.IN);
      expect(contacts.ID.phone).toBe('+62 21 1111 2222');
    }
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await built.app.inject({ method: 'GET', url: '/assets/index-3f2a9c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends a script compressed with brotli or gzip as the browser accepts, and plain otherwise', async () => {
    const brotli = await built.app.inject({ method: 'GET', url: '/assets/index-3f2a9c.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);
    const gzip = await built.app.inject({ method: 'GET', url: '/assets/index-3f2a9c.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await built.app.inject({ method: 'GET', url: '/assets/index-3f2a9c.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('does not answer API, docs, dev or webhook paths with the page', async () => {
    for (const url of ['/giants/unknown', '/dev/unknown', '/webhooks/unknown', '/docs/unknown']) {
      const response = await built.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code, url).toBe(ResultCode.NotFound);
    }
  });

  it('answers page routes with a 503 telling to run `npm run build` when the web app is not built', async () => {
    const response = await unbuilt.app.inject({ method: 'GET', url: '/testPreview' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
  });
});
