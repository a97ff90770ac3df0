/**
 * A new PGlite folder is made by a child process (decision 121). PGlite makes a folder by running
 * initdb in the process that asked for it, and that process keeps most of initdb's memory after
 * it: measured here, a process that opened a new folder held 389 MB after a full collection, one
 * that opened an existing folder 181 MB. The server asks for the folder it will run on, so the
 * first boot of `npm start` would carry the difference for as long as it runs.
 */
import { execFile } from 'node:child_process';
import { access } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Run by `node -e` with the package's path and the folder as arguments. */
const INITDB = `
const [pglite, dataDir] = process.argv.slice(1);
require(pglite).PGlite.create({ dataDir })
  .then((db) => db.close())
  .catch((error) => { console.error(error); process.exit(1); });
`;

/** A folder PostgreSQL made holds PG_VERSION; `true` when this call made it. */
export const createDataDirectory = async (dir: string): Promise<boolean> => {
  const made = await access(join(dir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (made) return false;
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  try {
    await run(process.execPath, ['-e', INITDB, pglite, dir]);
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`could not make the database folder ${dir}: ${stderr?.trim() || (error as Error).message}`);
  }
  return true;
};
