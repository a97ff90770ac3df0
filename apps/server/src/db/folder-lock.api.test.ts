import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_TIMEOUT_MS } from '../test/app.js';
import { openDatabase } from './database.js';
import { FolderLockedError, lockFolder } from './folder-lock.js';

const LOCK_MODULE = fileURLToPath(new URL('./folder-lock.ts', import.meta.url));

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kilat-lock-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Another process trying to lock the folder: answers what it printed and how it ended. */
const lockFromAnotherProcess = async (dir: string) => {
  const script = `import { lockFolder } from ${JSON.stringify(LOCK_MODULE)};
try { const lock = await lockFolder(${JSON.stringify(dir)}); await lock.release(); console.log('locked'); }
catch (error) { console.log(error.message); process.exitCode = 3; }`;
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
    return { code: 0, output: stdout };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string };
    return { code: failure.code ?? -1, output: failure.stdout ?? '' };
  }
};

describe('one process per embedded database folder', () => {
  it('makes a second process fail with a clear message while the first holds the folder, and lets it in once released', async () => {
    const dir = join(root, 'held');
    const lock = await lockFolder(dir);
    const refused = await lockFromAnotherProcess(dir);
    expect(refused.code).toBe(3);
    expect(refused.output).toContain(`is open in another process (pid ${process.pid})`);
    expect(refused.output).toContain('DATABASE_URL');
    await lock.release();
    expect(await lockFromAnotherProcess(dir)).toEqual({ code: 0, output: 'locked\n' });
  }, 60_000);

  it('takes over the lock a killed server left behind', async () => {
    const dir = join(root, 'stale');
    // no process has this id: pid_max is at most 2^22 on Linux
    await writeFile(`${dir}.lock`, '4194399');
    const lock = await lockFolder(dir);
    expect(await readFile(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    await lock.release();
  });

  it(
    'refuses to open one PGlite folder twice, and opens it again after close (an ops command after the server stopped)',
    async () => {
      const dir = join(root, 'pglite');
      const first = await openDatabase({ pgliteDir: dir });
      await expect(openDatabase({ pgliteDir: dir })).rejects.toBeInstanceOf(FolderLockedError);
      await first.close();
      const again = await openDatabase({ pgliteDir: dir });
      await again.close();
    },
    SETUP_TIMEOUT_MS,
  );
});
