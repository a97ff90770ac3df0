/**
 * Decision 121: a new PGlite folder is made by a child process, and the server opens a folder
 * that exists. Always on PGlite, whichever database the rest of the API suite runs on.
 */
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_TIMEOUT_MS } from '../test/app.js';
import { openDatabase, rowsOf } from './database.js';
import { createDataDirectory } from './pglite-data-directory.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kilat-pglite-dir-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

describe('a new PGlite folder', () => {
  it(
    'is made once, and then opened with what was written in it',
    async () => {
      const dir = join(root, 'fresh');
      expect(await createDataDirectory(dir)).toBe(true);
      expect(await exists(join(dir, 'PG_VERSION'))).toBe(true);
      expect(await createDataDirectory(dir)).toBe(false);

      const first = await openDatabase({ pgliteDir: dir });
      await first.db.execute(sql`CREATE TABLE kept (note text)`);
      await first.db.execute(sql`INSERT INTO kept VALUES ('still here')`);
      await first.close();
      const again = await openDatabase({ pgliteDir: dir });
      try {
        expect(rowsOf(await again.db.execute(sql`SELECT note FROM kept`))).toEqual([{ note: 'still here' }]);
      } finally {
        await again.close();
      }
    },
    SETUP_TIMEOUT_MS,
  );

  it('that cannot be made says which folder and why, and the server does not start on it', async () => {
    const blocked = join(root, 'a-file');
    await writeFile(blocked, 'not a folder');
    await expect(createDataDirectory(join(blocked, 'pglite'))).rejects.toThrow(/could not make the database folder .*a-file\/pglite: /);
    await expect(openDatabase({ pgliteDir: join(blocked, 'pglite') })).rejects.toThrow();
  });
});
