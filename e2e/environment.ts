import { existsSync } from 'node:fs';

/** Carries the run's temporary DATA_DIR from the runner to its workers. */
export const DATA_DIR_ENV = 'KILAT_E2E_DATA_DIR';

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_NOT_FOUND = 'Chromium not found: install it with "apt-get install -y chromium" or set CHROMIUM_PATH';

/** DESIGN §2: the system Chromium, launched lean; Playwright never downloads a browser. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The first of CHROMIUM_PATH and the system Chromium that exists on disk, else undefined. */
export function findChromium(env: NodeJS.ProcessEnv = process.env, systemPath = SYSTEM_CHROMIUM): string | undefined {
  return [env.CHROMIUM_PATH, systemPath].find((candidate): candidate is string => !!candidate && existsSync(candidate));
}
