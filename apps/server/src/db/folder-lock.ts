/**
 * One process per PGlite folder. PGlite keeps the database in the memory of the process that
 * opened it and writes the folder back; two processes on one folder each hand out borrower id 5.
 * The lock is a file beside the folder holding the owner's process id: created exclusively, taken
 * over when its owner is gone (a killed server leaves it behind), removed on close.
 */
import { open, readFile, unlink } from 'node:fs/promises';

export class FolderLockedError extends Error {
  override name = 'FolderLockedError';
}

export interface FolderLock {
  release(): Promise<void>;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const ownerOf = async (path: string): Promise<number | null> => {
  const pid = Number.parseInt(await readFile(path, 'utf8').catch(() => ''), 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
};

export const lockFolder = async (dir: string): Promise<FolderLock> => {
  const path = `${dir}.lock`;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      let released = false;
      return {
        release: async () => {
          if (released) return;
          released = true;
          if ((await ownerOf(path)) === process.pid) await unlink(path).catch(() => undefined);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = await ownerOf(path);
      if (owner !== null && owner !== process.pid && isAlive(owner)) {
        throw new FolderLockedError(
          `The embedded database in ${dir} is open in another process (pid ${owner}). ` +
            'One folder takes one process: stop that server first, or set DATABASE_URL to share a PostgreSQL server.',
        );
      }
      if (owner === process.pid) {
        throw new FolderLockedError(`The embedded database in ${dir} is already open in this process.`);
      }
      // its owner is gone: take the lock over, unless another starter already did
      if ((await ownerOf(path)) === owner) await unlink(path).catch(() => undefined);
    }
  }
  throw new FolderLockedError(`Could not lock the embedded database folder ${dir}; remove ${path} if no Kilat process runs.`);
};
