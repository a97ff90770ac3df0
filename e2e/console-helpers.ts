/** Signing operators in to the console in browser tests: the demo operators' secrets and RFC 6238 codes computed here, independently of the server's otplib. */
import { createHmac } from 'node:crypto';
import { type APIRequestContext, type Browser, type BrowserContext, type Page, test } from '@playwright/test';
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
/** how many 30 s steps a sign-in tries before it gives up */
const SIGN_IN_STEPS = 8;

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

/**
 * Signs in through the sign-in form. A code is accepted once: when another test signed the same
 * operator in during this 30 s step, the form says so and the next step's code is used (the test's
 * timeout grows by that wait, so a test is not failed by an operator another test signed in).
 */
export const signInAs = async (page: Page, operator: DemoOperator) => {
  await page.goto('/console/');
  await expect(page.getByRole('heading', { level: 1, name: 'Kilat console' })).toBeVisible();
  // two workers' tests may sign the same demo operator in several steps running: try for a few minutes' steps
  for (let attempt = 0; attempt < SIGN_IN_STEPS; attempt++) {
    await page.getByLabel('Email').fill(operator.email);
    await page.getByLabel('Password').fill(operator.password);
    await page.getByLabel('Code from your authenticator app').fill(totp(operator.totpSecret));
    await page.getByRole('button', { name: 'Sign in' }).click();
    const signedIn = page.getByText(`${operator.name} · ${operator.role}`);
    const replayed = page.getByRole('alert').filter({ hasText: 'already used' });
    await expect(signedIn.or(replayed)).toBeVisible();
    if (await signedIn.isVisible()) return;
    const untilNextStep = (STEP_SECONDS - ((Date.now() / 1000) % STEP_SECONDS) + 1) * 1000;
    // the wait is the authenticator's, not the test's: its time is added to the test's own
    test.info().setTimeout(test.info().timeout + untilNextStep);
    await page.waitForTimeout(untilNextStep);
  }
  throw new Error(`could not sign in as ${operator.email}`);
};
