import { existsSync } from 'node:fs';

/** Carries the run's temporary DATA_DIR from the runner to its workers. */
export const DATA_DIR_ENV = 'KILAT_E2E_DATA_DIR';

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/**
 * Debian's build of Chromium's headless shell (package chromium-headless-shell), the same release as
 * `chromium`: the browser Playwright itself runs headless. It draws no browser UI, so a browser test costs
 * about 40 % less CPU than in the full browser's headless mode (decision 173).
 */
export const SYSTEM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export const CHROMIUM_NOT_FOUND =
  'Chromium not found: install it with "apt-get install -y chromium chromium-headless-shell" or set CHROMIUM_PATH';

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

/** The browser for browser tests: CHROMIUM_PATH, else Debian's headless shell, else the system Chromium. */
export function findTestChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return findChromium(env, existsSync(SYSTEM_HEADLESS_SHELL) ? SYSTEM_HEADLESS_SHELL : SYSTEM_CHROMIUM);
}

/** The server's settings for a browser test or bench run: test mode, demo data, no rate limit, quiet logs. */
export function testServerEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    RATE_LIMIT_MAX: '0',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
  };
}

/** What of `GET /dev/session`'s answer a page address carries. */
export interface SessionFields {
  market: 'IN' | 'ID';
  deviceId: string;
  sessionId: string;
  appVersion: string;
  deviceName: string;
  osVersion: string;
  orderId: string;
}

/**
 * The spec's common page params for a demo session (isNeedPop 1 selects India, 0 Indonesia) with
 * its order; `extra` adds or replaces params (another order, a problem id, a scene).
 */
export function sessionParams(session: SessionFields, extra: Record<string, string> = {}) {
  return {
    isNeedPop: session.market === 'IN' ? 1 : 0,
    deviceId: session.deviceId,
    sessionId: session.sessionId,
    appVersion: session.appVersion,
    deviceName: session.deviceName,
    osVersion: session.osVersion,
    orderId: session.orderId,
    ...extra,
  };
}
