/** Sessions that end (issue 16): logout, every session of a lost phone, a daily cap on login codes, and no SMS for another site's page. */
import { API_PREFIX, Endpoints, Market, ResultCode } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { describe, expect, it } from 'vitest';
import { call, demoSession, useTestApp } from '../../test/app.js';
import { DemoAccounts, OtherAccounts } from '../dev/seed/demo.js';
import { OtpPolicies } from '../otp/policy.js';

const LOGIN_CODES_PER_DAY = OtpPolicies.login.perPhone!.max;

const t = useTestApp();

const contactInfo = (session: { sessionId: string; deviceId: string }) =>
  call(t.app, 'contactInfo', { session, query: { market: 'IN' }, body: { overall: '30' } });

describe('sessions', () => {
  it('last a week by default', () => {
    expect(t.config.sessionTtlHours).toBe(168);
  });

  it('end at logout: the token is refused afterwards, on this instance at once', async () => {
    const session = await demoSession(t.app, Market.India);
    expect((await contactInfo(session)).statusCode).toBe(200);
    const out = await call(t.app, 'logout', { session, query: { market: 'IN' } });
    expect(out.json()).toEqual({ code: '00', message: 'success', data: null });
    const after = await contactInfo(session);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe(ResultCode.Unauthenticated);
  });

  it('all end together when a phone is revoked, and another borrower keeps theirs', async () => {
    const first = await demoSession(t.app, Market.Indonesia);
    const second = await demoSession(t.app, Market.Indonesia);
    const indian = await demoSession(t.app, Market.India);
    expect(await t.app.auth.sessions.revokeAllOf(Market.Indonesia, DemoAccounts.ID.phone)).toBeGreaterThanOrEqual(2);
    for (const session of [first, second]) expect((await contactInfo(session)).statusCode).toBe(401);
    expect((await contactInfo(indian)).statusCode).toBe(200);
  });
});

describe('login codes', () => {
  it(`are capped at ${LOGIN_CODES_PER_DAY} a day per phone, with the reason in the borrower's language`, async () => {
    const phone = OtherAccounts.IN.phone;
    for (let sent = 0; sent < LOGIN_CODES_PER_DAY; sent += 1) {
      t.clock.advance(61_000);
      expect((await call(t.app, 'loginCode', { query: { market: 'IN' }, body: { phone } })).json().code).toBe('00');
    }
    t.clock.advance(61_000);
    const refused = await call(t.app, 'loginCode', { query: { market: 'IN' }, body: { phone } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: ResultCode.RateLimited, message: enIN.smsPhoneDailyLimit, data: null });
    t.clock.advance(24 * 3_600_000);
    expect((await call(t.app, 'loginCode', { query: { market: 'IN' }, body: { phone } })).json().code).toBe('00');
    expect(idID.smsPhoneDailyLimit).not.toBe(enIN.smsPhoneDailyLimit);
  });
});

describe('calls that send an SMS', () => {
  const url = `${API_PREFIX}${Endpoints.loginCode.path}?market=IN`;
  const send = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: `phone=${encodeURIComponent(DemoAccounts.IN.phone)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'kilat.example', ...headers },
    });

  it("refuse another site's page, and accept our own page and the native shell, which sends no Origin", async () => {
    const foreign = await send({ origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ code: ResultCode.Forbidden, message: enIN.forbidden, data: null });
    expect((await send({ origin: 'null' })).statusCode).toBe(403);
    t.clock.advance(61_000);
    expect((await send({ origin: 'https://kilat.example' })).json().code).toBe('00');
    t.clock.advance(61_000);
    expect((await send({})).json().code).toBe('00');
  });
});
