/**
 * A dependency that does not answer is a 503 saying to try again, not a 500 (decision 146): here
 * the object store, over real HTTP to a port nothing listens on. The chaos run (scripts/chaos.ts)
 * shows the same for PostgreSQL restarting and the store stopped under load.
 */
import { createServer } from 'node:net';
import { Market, ResultCode } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../db/schema.js';
import { demoSession, SETUP_TIMEOUT_MS, useTestApp } from '../test/app.js';
import { makeJpeg, upload } from '../test/images.js';

/** A port on 127.0.0.1 that was free a moment ago and that nothing listens on now: connections are refused. */
const closedPort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

let port = 0;
beforeAll(async () => {
  port = await closedPort();
}, SETUP_TIMEOUT_MS);

const t = useTestApp(() => ({
  config: {
    uploadDir: '/nonexistent/kilat-store-down',
    uploads: {
      s3: {
        bucket: 'kilat-evidence',
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
        prefix: 'uploads/',
      },
      signingKey: 'test-link-key-store-down',
      linkTtlSeconds: 300,
    },
  },
}));

describe('a dependency that does not answer', () => {
  it('answers an upload while the store is down 503 with the borrower’s language’s “try again”, and stores nothing', async () => {
    for (const [market, text] of [
      [Market.India, enIN.unavailable],
      [Market.Indonesia, idID.unavailable],
    ] as const) {
      const session = await demoSession(t.app, market);
      const response = await upload(t.app, session, { data: await makeJpeg() }, { market });
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json()).toEqual({ code: ResultCode.Unavailable, message: text, data: null });
      expect(response.headers['retry-after']).toBe('10');
      const stored = await t.database.db
        .select({ n: count() })
        .from(uploads)
        .where(eq(uploads.borrowerId, Number(session.userId)));
      expect(stored[0]!.n).toBe(0);
    }
  });
});
