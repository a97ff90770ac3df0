import { randomInt } from 'node:crypto';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import type { APIRequestContext, Page } from '@playwright/test';
import loginIN from '../../apps/web/src/features/login/texts/en-IN.js';
import loginID from '../../apps/web/src/features/login/texts/id-ID.js';
import { appUrl, type DemoMarket, expect } from '../fixtures.js';

/** The spec's isNeedPop: 1 the India pack, 0 Indonesia. */
export const isNeedPop = (market: DemoMarket) => (market === 'IN' ? 1 : 0);

/** A mobile of the market no test has used (docs/decisions/056): India 10 digits from 6–9, Indonesia 0812 and 8 digits. */
export const newRegistrationPhone = (market: DemoMarket): string =>
  market === 'IN'
    ? `${randomInt(6, 10)}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`
    : `0812${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

/** The newest 6-digit code the development SMS inbox holds for a phone, once one newer than `after` arrived. */
export const latestSmsCode = async (request: APIRequestContext, phone: string, after = 0): Promise<string> => {
  let code = '';
  await expect
    .poll(async () => {
      const inbox = (await (await request.get(`/dev/sms?phone=${encodeURIComponent(phone)}`)).json()) as { data: { body: string }[] };
      code = inbox.data.length > after ? (/\b(\d{6})\b/.exec(inbox.data[0]?.body ?? '')?.[1] ?? '') : '';
      return code;
    })
    .not.toBe('');
  return code;
};

export const inboxSize = async (request: APIRequestContext, phone: string): Promise<number> =>
  ((await (await request.get(`/dev/sms?phone=${encodeURIComponent(phone)}`)).json()) as { data: unknown[] }).data.length;

const loginTexts = {
  IN: { phone: 'Mobile number', sms: 'SMS code', getCode: /^(Get code|\d+ s)$/, logIn: 'Log in' },
  ID: { phone: 'Nomor ponsel', sms: 'Kode SMS', getCode: /^(Dapatkan kode|\d+ dtk)$/, logIn: 'Masuk' },
} as const;

export const loginForm = (page: Page, market: DemoMarket) => {
  const texts = loginTexts[market];
  return {
    phone: page.getByLabel(texts.phone),
    sms: page.getByLabel(texts.sms),
    getCode: page.getByRole('button', { name: texts.getCode }),
    logIn: page.getByRole('button', { name: texts.logIn, exact: true }),
  };
};

/** On the login page: phone, get code, the code from the development inbox, log in. */
export const logInOnPage = async (page: Page, request: APIRequestContext, market: DemoMarket, phone: string) => {
  const form = loginForm(page, market);
  await form.phone.fill(phone);
  const before = await inboxSize(request, phone);
  await form.getCode.click();
  await form.sms.fill(await latestSmsCode(request, phone, before));
  await form.logIn.click();
};

/** The login page's offer to register, shown for a phone with no account (issue 30, decision 138). */
export const noAccountOffer = (page: Page, market: DemoMarket) =>
  page.getByRole('region', { name: market === 'IN' ? loginIN.noAccountTitle : loginID.noAccountTitle });

/**
 * On the login page for a phone with no account (never registered, or deleted: decision 077): asking
 * for a code sends nothing and says so, offering registration (decision 138).
 */
export const expectNoCodeSent = async (page: Page, request: APIRequestContext, market: DemoMarket, phone: string) => {
  const form = loginForm(page, market);
  await form.phone.fill(phone);
  const before = await inboxSize(request, phone);
  await form.getCode.click();
  await expect(page.getByRole('status').getByText((market === 'IN' ? enIN : idID).noAccountForPhone)).toBeVisible();
  await expect(noAccountOffer(page, market)).toBeVisible();
  expect(await inboxSize(request, phone)).toBe(before);
  return form;
};

/** Registers a phone through the promotion page (spec §2), as a prospect would. */
export const registerOnPromotionPage = async (page: Page, request: APIRequestContext, market: DemoMarket, phone: string) => {
  await page.goto(appUrl('/promotion', { isNeedPop: isNeedPop(market), id: market === 'IN' ? 'IN-FB-01' : 'ID-FB-01' }));
  await registerOnThisPage(page, request, market, phone);
};

/** Fills and sends the promotion registration page already open, then lands on the download page. */
export const registerOnThisPage = async (page: Page, request: APIRequestContext, market: DemoMarket, phone: string) => {
  const texts =
    market === 'IN'
      ? { phone: 'Phone number', captcha: 'Image captcha', sms: 'SMS code', getCode: /^(Get code|\d+ s)$/, apply: 'Apply' }
      : { phone: 'Nomor ponsel', captcha: 'Captcha gambar', sms: 'Kode SMS', getCode: /^(Dapatkan kode|\d+ dtk)$/, apply: 'Ajukan' };
  await page.getByLabel(texts.phone).fill(phone);
  const image = page.getByRole('img', { name: texts.captcha });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const sid = new URL((await image.getAttribute('src')) ?? '', 'http://localhost').searchParams.get('sid') ?? '';
  const captcha = ((await (await request.get(`/dev/captcha?sid=${encodeURIComponent(sid)}`)).json()) as { data: { text: string } }).data
    .text;
  await page.getByLabel(texts.captcha, { exact: true }).fill(captcha);
  await page.getByRole('button', { name: texts.getCode }).click();
  await page.getByLabel(texts.sms).fill(await latestSmsCode(request, phone));
  await page.getByRole('button', { name: texts.apply, exact: true }).click();
  await expect(page).toHaveURL(/#\/downloadTemplate/);
};
