/** Checksummed migrations (issue 16): a migration edited after it was applied stops the start. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, SETUP_TIMEOUT_MS, type TestDatabase } from '../test/app.js';
import { MigrationChangedError, migrate } from './migrate.js';

let test: TestDatabase;
let dir: string;

beforeAll(async () => {
  test = await openTestDatabase();
  dir = `${await mkdtemp(join(tmpdir(), 'kilat-migrations-'))}/`;
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await test.dispose();
  await rm(dir, { recursive: true, force: true });
}, SETUP_TIMEOUT_MS);

const checksums = () =>
  test.database.rawTransaction((tx) =>
    tx.query<{ version: string; checksum: string | null }>('SELECT version, checksum FROM schema_migrations ORDER BY version'),
  );

describe('migration checksums', () => {
  it('records each file’s SHA-256, refuses a file changed after it was applied, and fills in rows from before checksums', async () => {
    await writeFile(join(dir, '0001_first.sql'), 'CREATE TABLE checksum_probe (id int PRIMARY KEY);');
    expect(await migrate(test.database, dir)).toEqual(['0001_first.sql']);
    const [first] = await checksums();
    expect(first?.checksum).toMatch(/^[0-9a-f]{64}$/);

    await writeFile(join(dir, '0001_first.sql'), 'CREATE TABLE checksum_probe (id bigint PRIMARY KEY);');
    await expect(migrate(test.database, dir)).rejects.toBeInstanceOf(MigrationChangedError);
    await expect(migrate(test.database, dir)).rejects.toThrow(/0001_first\.sql was changed after it was applied/);

    // a database migrated before checksums existed: its row has none, and gets the file's
    await test.database.rawTransaction((tx) => tx.query('UPDATE schema_migrations SET checksum = NULL'));
    expect(await migrate(test.database, dir)).toEqual([]);
    expect((await checksums())[0]?.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect((await checksums())[0]?.checksum).not.toBe(first?.checksum);
  });
});
