/** Helpers of the repayment browser tests (issue 5): a fresh borrower, the SMS inbox, the sandbox's dev payment. */
import type { APIRequestContext } from '@playwright/test';
import { type DemoMarket, type DemoSession, expect } from '../fixtures.js';

export interface FreshBorrower extends DemoSession {
  /** the borrower's phone, for the development SMS inbox */
  phone: string;
}

/**
 * A new borrower with one order in every status of DESIGN §4 and a bound sandbox card: paying
 * its orders changes nobody else's, so tests that move money never disturb the shared demo data.
 */
export async function freshBorrower(request: APIRequestContext, market: DemoMarket): Promise<FreshBorrower> {
  const response = await request.get(`/dev/session?market=${market}&fresh=1`);
  expect(response.ok(), `GET /dev/session?market=${market}&fresh=1 answered ${response.status()}`).toBe(true);
  return (await response.json()) as FreshBorrower;
}

/** The digits of the newest SMS code sent to a phone, read from the development inbox. */
export async function latestSmsCode(request: APIRequestContext, phone: string): Promise<string> {
  const response = await request.get(`/dev/sms?phone=${encodeURIComponent(phone)}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { body: string }[] };
  const code = body.data[0]?.body.match(/\b(\d{6})\b/)?.[1];
  expect(code, `no SMS code in the inbox of ${phone}`).toBeTruthy();
  return code!;
}

/** Pays a virtual-account number or mini-market code through the sandbox, as a borrower at a bank or a till would. */
export async function payCodeInSandbox(request: APIRequestContext, vcode: string): Promise<void> {
  const response = await request.post('/dev/payments/pay', { data: { vcode } });
  expect(response.ok(), `POST /dev/payments/pay answered ${response.status()}: ${await response.text()}`).toBe(true);
}
