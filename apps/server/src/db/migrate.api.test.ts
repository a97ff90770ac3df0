/** Checksummed migrations (issue 16): a migration edited after it was applied stops the start. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir, useTestDatabase } from '../test/app.js';
import { MigrationChangedError, migrate } from './migrate.js';

const test = useTestDatabase();
const migrations = useTempDir('kilat-migrations-');
// migrate() takes the folder as a prefix of its files' paths
const dir = () => `${migrations.path}/`;

const checksums = () =>
  test.database.rawTransaction((tx) =>
    tx.query<{ version: string; checksum: string | null }>('SELECT version, checksum FROM schema_migrations ORDER BY version'),
  );

describe('migration checksums', () => {
  it('records each file’s SHA-256, refuses a file changed after it was applied, and fills in rows from before checksums', async () => {
    await writeFile(join(dir(), '0001_first.sql'), 'CREATE TABLE checksum_probe (id int PRIMARY KEY);');
    expect(await migrate(test.database, dir())).toEqual(['0001_first.sql']);
    const [first] = await checksums();
    expect(first?.checksum).toMatch(/^[0-9a-f]{64}$/);

    await writeFile(join(dir(), '0001_first.sql'), 'CREATE TABLE checksum_probe (id bigint PRIMARY KEY);');
    await expect(migrate(test.database, dir())).rejects.toBeInstanceOf(MigrationChangedError);
    await expect(migrate(test.database, dir())).rejects.toThrow(/0001_first\.sql was changed after it was applied/);

    // a database migrated before checksums existed: its row has none, and gets the file's
    await test.database.rawTransaction((tx) => tx.query('UPDATE schema_migrations SET checksum = NULL'));
    expect(await migrate(test.database, dir())).toEqual([]);
    expect((await checksums())[0]?.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect((await checksums())[0]?.checksum).not.toBe(first?.checksum);
  });
});
