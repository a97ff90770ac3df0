import { Market, ResultCode } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../test/app.js';
import { DemoAccounts, OtherAccounts } from '../dev/seed/demo.js';
import { OtpPolicies } from '../otp/policy.js';

const LOGIN_CODE_MAX_ATTEMPTS = OtpPolicies.login.maxAttempts;
const LOGIN_CODE_TTL_MINUTES = OtpPolicies.login.ttlSeconds / 60;

const t = useTestApp();

const inbox = async (phone: string): Promise<{ body: string; purpose: string }[]> =>
  (await t.app.inject({ method: 'GET', url: `/dev/sms?phone=${encodeURIComponent(phone)}` })).json().data;

const latestCode = async (phone: string) => {
  const [latest] = await inbox(phone);
  const code = /\b(\d{6})\b/.exec(latest?.body ?? '')?.[1];
  if (!code) throw new Error(`no code in the inbox of ${phone}`);
  return code;
};

const requestCode = (market: Market, phone: string) => call(t.app, 'loginCode', { query: { market }, body: { phone } });
const login = (market: Market, phone: string, smsCode: string, deviceId = 'native-shell-1') =>
  call(t.app, 'login', { query: { market, deviceId }, body: { phone, smsCode, deviceId } });

/** the resend countdown is 60 s: move past it between code requests */
const afterCountdown = () => t.clock.advance(61_000);

describe('login with phone and SMS code', () => {
  it('sends a 6-digit code to the dev inbox in the market language, and the code logs the borrower in on that device', async () => {
    const phone = DemoAccounts.IN.phone;
    const sent = await requestCode(Market.India, phone);
    expect(sent.json()).toEqual({ code: '00', message: 'success', data: null });
    const [sms] = await inbox(phone);
    expect(sms?.purpose).toBe('login');
    expect(sms?.body).toMatch(/^Your Kilat login code is \d{6}\./);

    const response = await login(Market.India, phone, await latestCode(phone), 'native-shell-1');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(data.expiresAt).getTime()).toBeGreaterThan(t.clock.now().getTime());

    const contact = await call(t.app, 'contactInfo', {
      session: { sessionId: data.sessionId, deviceId: 'native-shell-1' },
      body: { overall: '30' },
    });
    expect(contact.json().data).toEqual(t.config.support.IN);
    const otherDevice = await call(t.app, 'contactInfo', {
      session: { sessionId: data.sessionId, deviceId: 'native-shell-2' },
      body: { overall: '30' },
    });
    expect(otherDevice.statusCode).toBe(401);
  });

  it('refuses a wrong code with 800006 and the verification-code-wrong text', async () => {
    afterCountdown();
    const phone = DemoAccounts.ID.phone;
    await requestCode(Market.Indonesia, phone);
    const code = await latestCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const response = await login(Market.Indonesia, phone, wrong);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: ResultCode.WrongVerificationCode, message: idID.verificationCodeWrong, data: null });
    expect((await login(Market.Indonesia, phone, code)).statusCode).toBe(200);
  });

  it('accepts a code only once', async () => {
    afterCountdown();
    const phone = OtherAccounts.IN.phone;
    await requestCode(Market.India, phone);
    const code = await latestCode(phone);
    expect((await login(Market.India, phone, code)).statusCode).toBe(200);
    const reuse = await login(Market.India, phone, code);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ code: ResultCode.WrongVerificationCode, message: enIN.verificationCodeWrong, data: null });
  });

  it('refuses a code after its 5 minutes have passed', async () => {
    afterCountdown();
    const phone = OtherAccounts.ID.phone;
    await requestCode(Market.Indonesia, phone);
    const code = await latestCode(phone);
    t.clock.advance(LOGIN_CODE_TTL_MINUTES * 60_000 + 1_000);
    const response = await login(Market.Indonesia, phone, code);
    expect(response.json().code).toBe(ResultCode.WrongVerificationCode);
  });

  it('kills a code after too many wrong tries, so six digits cannot be walked through', async () => {
    afterCountdown();
    const phone = DemoAccounts.IN.phone;
    await requestCode(Market.India, phone);
    const code = await latestCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < LOGIN_CODE_MAX_ATTEMPTS; attempt += 1) await login(Market.India, phone, wrong);
    expect((await login(Market.India, phone, code)).json().code).toBe(ResultCode.WrongVerificationCode);
  });

  it("refuses a second code within the 60-second countdown with 'Do not resend code'", async () => {
    afterCountdown();
    const phone = DemoAccounts.IN.phone;
    expect((await requestCode(Market.India, phone)).statusCode).toBe(200);
    const again = await requestCode(Market.India, phone);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ code: ResultCode.RateLimited, message: enIN.doNotResendCode, data: null });
  });

  it.each([
    [Market.India, '9000000001', enIN],
    [Market.Indonesia, '081200000001', idID],
  ])("tells a %s phone with no account so in the borrower's language, and sends nothing (decision 138)", async (market, phone, texts) => {
    const response = await requestCode(market, phone);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: ResultCode.NoAccount, message: texts.noAccountForPhone, data: null });
    expect(await inbox(phone)).toEqual([]);
  });
});

describe('the phone of a login (docs/decisions/056)', () => {
  it('takes the phone as the borrower writes it, with spaces, dashes, 0 or the country code', async () => {
    afterCountdown();
    const typed = '+62 812-3456-7891';
    expect((await requestCode(Market.Indonesia, typed)).json().code).toBe('00');
    const response = await login(Market.Indonesia, '0812 3456 7891', await latestCode(OtherAccounts.ID.phone));
    expect(response.statusCode).toBe(200);
  });

  it.each([
    [Market.India, '13812345678', 'enterPhoneCorrectly'],
    // another market's mobile is named as such, never read as this market's (issue 48)
    [Market.India, '0812 3456 7890', 'phoneIsIndonesian'],
    [Market.Indonesia, '98765 43210', 'phoneIsIndian'],
    [Market.Indonesia, '0712 3456 7890', 'enterPhoneCorrectly'],
  ] as const)("refuses in %s the phone %s with %s in the borrower's language, and sends nothing", async (market, phone, message) => {
    const before = (await inbox(phone)).length;
    const sent = await requestCode(market, phone);
    expect(sent.statusCode).toBe(400);
    const texts = market === Market.India ? enIN : idID;
    expect(sent.json()).toEqual({ code: ResultCode.InvalidRequest, message: texts[message], data: null });
    const loggedIn = await login(market, phone, '123456');
    expect(loggedIn.json()).toEqual({ code: ResultCode.InvalidRequest, message: texts[message], data: null });
    expect((await inbox(phone)).length).toBe(before);
  });
});

describe('simultaneous code requests (issue 16)', () => {
  it('six login-code requests for one phone at the same moment send one SMS; the others are told to wait', async () => {
    const phone = OtherAccounts.ID.phone;
    afterCountdown();
    const before = (await inbox(phone)).length;
    const answers = await Promise.all(Array.from({ length: 6 }, () => requestCode(Market.Indonesia, phone)));
    expect((await inbox(phone)).length - before).toBe(1);
    expect(answers.filter((answer) => answer.json().code === '00')).toHaveLength(1);
    expect(answers.filter((answer) => answer.json().code === ResultCode.RateLimited)).toHaveLength(5);
  });
});
