/** Signing operators in to the console in browser tests: the demo operators' secrets and RFC 6238 codes computed here, independently of the server's otplib. */
import { createHmac } from 'node:crypto';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, type Browser, type BrowserContext, type Page, test } from '@playwright/test';
import { DATA_DIR_ENV } from './environment.js';
import { expect } from './fixtures.js';

export interface DemoOperator {
  email: string;
  name: string;
  role: 'agent' | 'supervisor' | 'risk' | 'admin';
  password: string;
  totpSecret: string;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const STEP_SECONDS = 30;

const base32Decode = (text: string): Buffer => {
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) bits += BASE32.indexOf(char).toString(2).padStart(5, '0');
  const bytes = [];
  for (let index = 0; index + 8 <= bits.length; index += 8) bytes.push(Number.parseInt(bits.slice(index, index + 8), 2));
  return Buffer.from(bytes);
};

/** The 6-digit TOTP code (SHA-1, 30 s) of a step. */
export const totp = (secret: string, step = Math.floor(Date.now() / 1000 / STEP_SECONDS)): string => {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const value = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
};

export const demoOperator = async (request: APIRequestContext, role: DemoOperator['role'], nth = 0): Promise<DemoOperator> => {
  const response = await request.get('/dev/console-operators');
  expect(response.ok()).toBe(true);
  // nth 1: the second demo operator of the role (risk has two: a rule exception needs a checker, decision 161)
  return ((await response.json()) as DemoOperator[]).filter((operator) => operator.role === role)[nth]!;
};

/** The console at desktop size, in its own browser context (own cookies), beside the borrower's phone-sized page. */
export const desktopContext = (browser: Browser, baseURL: string | undefined): Promise<BrowserContext> =>
  browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false });

/** the run's claimed authenticator steps, shared by its workers (one data dir per run) */
const stepsDir = () => {
  const dir = join(process.env[DATA_DIR_ENV] ?? tmpdir(), 'totp-steps');
  mkdirSync(dir, { recursive: true });
  return dir;
};

const currentStep = () => Math.floor(Date.now() / 1000 / STEP_SECONDS);

/**
 * Claims one 30 s step of an operator's authenticator for this test: the claim is a file created
 * exclusively in the run's data dir, so two workers never send the same code. A code is accepted
 * once, and the server counts a replayed code as a failed sign-in (enough of them lock the account
 * and the address, decision 155): tests must not replay, not merely recover from it. A step with
 * under 3 s left is not claimed (the form may reach the server after it ended).
 */
const claimStep = async (page: Page, email: string): Promise<number> => {
  const dir = stepsDir();
  for (;;) {
    const step = currentStep();
    const left = STEP_SECONDS - ((Date.now() / 1000) % STEP_SECONDS);
    if (left >= 3) {
      try {
        closeSync(openSync(join(dir, `${email}-${step}`), 'wx'));
        return step;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    const untilNextStep = (left + 0.2) * 1000;
    // the wait is the authenticator's, not the test's: its time is added to the test's own
    test.info().setTimeout(test.info().timeout + untilNextStep);
    await page.waitForTimeout(untilNextStep);
  }
};

/** The code of a step no other test of this run used for this account (enrolment takes a code too). */
export const freshCode = async (page: Page, email: string, secret: string): Promise<string> => totp(secret, await claimStep(page, email));

/** Signs in through the sign-in form with a code of a step no other test of this run used. */
export const signInAs = async (page: Page, operator: DemoOperator) => {
  await page.goto('/console/');
  await expect(page.getByRole('heading', { level: 1, name: 'Kilat console' })).toBeVisible();
  await page.getByLabel('Email').fill(operator.email);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByLabel('Code from your authenticator app').fill(await freshCode(page, operator.email, operator.totpSecret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`${operator.name} · ${operator.role}`)).toBeVisible();
};
