/**
 * Backup and restore (issue 32): `ops backup` dumps PostgreSQL with every order's balances beside
 * it; `ops restore` puts the dump into an empty database and derives every order's balances again.
 * The restore itself runs on PostgreSQL (the API tests' PostgreSQL pass, .ci/run); the check that
 * catches a difference runs on both databases.
 */
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { useTempDir, useTestApp } from '../test/app.js';
import { type BackupManifest, backup, balanceDifferences, manifestPathOf, orderBalances, restore } from './backup.js';

const t = useTestApp();
const dir = useTempDir('kilat-backup-');

describe("a restore's check of the balances", () => {
  it('names the order whose balances differ and the orders one side lacks; nothing when all agree', async () => {
    const balances = await orderBalances(t.database.db, t.clock.now());
    const orderNos = Object.keys(balances);
    expect(orderNos.length).toBeGreaterThan(3);
    expect(balanceDifferences(balances, structuredClone(balances))).toEqual([]);
    const changed = structuredClone(balances);
    changed[orderNos[0]!]!.outstandingMinor += 1;
    delete changed[orderNos[1]!];
    const problems = balanceDifferences(balances, changed);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain(`order ${orderNos[0]}`);
    expect(problems[1]).toContain(`order ${orderNos[1]}: missing after the restore`);
  });
});

const url = process.env.TEST_DATABASE_URL;
if (url) {
  const withDatabase = (name: string) => {
    const target = new URL(url);
    target.pathname = `/${name}`;
    return target.toString();
  };
  const admin = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };

  describe('backup and restore on PostgreSQL', () => {
    it('gives back every order with the same balances, checks the migrations, and restores only into an empty database', async () => {
      const schema = t.database.connection!.searchPath!;
      const asOf = t.clock.now();
      const file = join(dir.path, 'kilat.dump');
      const manifest = await backup(url, schema, file, asOf);
      const source = await orderBalances(t.database.db, asOf);
      expect(manifest.orders).toEqual(source);
      expect(manifest.migrations.length).toBeGreaterThan(10);

      const names = [`kilat_restore_${randomBytes(4).toString('hex')}`, `kilat_restore_${randomBytes(4).toString('hex')}`];
      await admin(async (client) => {
        for (const name of names) await client.query(`CREATE DATABASE ${name}`);
      });
      try {
        const report = await restore(withDatabase(names[0]!), file);
        expect(report.problems).toEqual([]);
        expect(report.orders).toBe(Object.keys(source).length);
        expect(report.migrations).toBe(manifest.migrations.length);
        // read back independently of the restore's own check
        const restored = await openDatabase({ url: withDatabase(names[0]!), searchPath: schema });
        try {
          expect(await orderBalances(restored.db, asOf)).toEqual(source);
        } finally {
          await restored.close();
        }
        // never over a database in use
        await expect(restore(withDatabase(names[0]!), file)).rejects.toThrow(/not empty/);
        // a backup whose manifest says other balances than its dump is caught, order by order
        const tampered = JSON.parse(await readFile(manifestPathOf(file), 'utf8')) as BackupManifest;
        const orderNo = Object.keys(tampered.orders)[0]!;
        tampered.orders[orderNo]!.repaidMinor += 100;
        await writeFile(manifestPathOf(file), JSON.stringify(tampered));
        const caught = await restore(withDatabase(names[1]!), file);
        expect(caught.problems).toHaveLength(1);
        expect(caught.problems[0]).toContain(`order ${orderNo}`);
      } finally {
        await admin(async (client) => {
          for (const name of names) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        });
      }
    });
  });
}
