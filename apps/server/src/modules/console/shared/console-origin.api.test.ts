/**
 * The console on its own origin (issue 32, decision 130): with CONSOLE_ORIGIN the console answers
 * only there, the borrower app only elsewhere, the session cookie is bound to the console's host
 * and a change must come from the console's origin.
 */
import { API_PREFIX, Endpoints } from '@kilat/contract';
import { CONSOLE_API_PREFIX, CSRF_HEADER } from '@kilat/contract/console';
import { beforeAll, describe, expect, it } from 'vitest';
import { testConfig, useTestApp } from '../../../test/app.js';
import { demoOperator, totpCode } from '../../../test/console.js';
import { TOTP_PERIOD_SECONDS } from '../operators/credentials.js';
import { seedConsoleDemo } from '../operators/seed.js';

const CONSOLE_ORIGIN = 'https://console.kilat.example';
const CONSOLE_HOST = 'console.kilat.example';
const SITE_HOST = 'kilat.example';

const t = useTestApp(() => ({
  config: { console: { ...testConfig().console, origin: CONSOLE_ORIGIN } },
}));

beforeAll(async () => {
  await seedConsoleDemo(t.database.db, t.clock);
});

const signIn = async (host: string, origin?: string) => {
  const operator = demoOperator('supervisor');
  t.clock.advance(TOTP_PERIOD_SECONDS * 1000);
  return t.app.inject({
    method: 'POST',
    url: `${CONSOLE_API_PREFIX}/session`,
    headers: { host, ...(origin ? { origin } : {}) },
    payload: { email: operator.email, password: operator.password, code: await totpCode(operator.totpSecret, t.clock) },
  });
};

describe('CONSOLE_ORIGIN', () => {
  it("answers the console only on its own host, and the borrower app's calls only elsewhere", async () => {
    expect((await signIn(SITE_HOST, `https://${SITE_HOST}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${CONSOLE_API_PREFIX}/session`, headers: { host: SITE_HOST } })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/console/', headers: { host: SITE_HOST } })).statusCode).toBe(404);
    const borrowerCall = `${API_PREFIX}${Endpoints.captchaSession.path}?market=IN`;
    expect((await t.app.inject({ method: 'GET', url: borrowerCall, headers: { host: CONSOLE_HOST } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: borrowerCall, headers: { host: SITE_HOST } })).statusCode).toBe(200);
    // the balancer's probes answer on both names
    expect((await t.app.inject({ method: 'GET', url: '/livez', headers: { host: CONSOLE_HOST } })).statusCode).toBe(200);
  });

  it('signs in on the console origin with a cookie bound to its host, and refuses changes from another origin', async () => {
    expect((await signIn(CONSOLE_HOST)).statusCode).toBe(403);
    expect((await signIn(CONSOLE_HOST, `https://${SITE_HOST}`)).statusCode).toBe(403);
    const signedIn = await signIn(CONSOLE_HOST, CONSOLE_ORIGIN);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const setCookie = String(signedIn.headers['set-cookie']);
    expect(setCookie).toContain('Path=/console');
    expect(setCookie).toContain('Secure');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie.toLowerCase()).not.toContain('domain=');
    const cookie = setCookie.split(';')[0]!;
    const { csrfToken } = signedIn.json().data;
    const session = await t.app.inject({ method: 'GET', url: `${CONSOLE_API_PREFIX}/session`, headers: { host: CONSOLE_HOST, cookie } });
    expect(session.statusCode).toBe(200);
    const signOut = (origin: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `${CONSOLE_API_PREFIX}/session`,
        headers: { host: CONSOLE_HOST, cookie, origin, [CSRF_HEADER]: csrfToken },
      });
    expect((await signOut(`https://${SITE_HOST}`)).statusCode).toBe(403);
    expect((await signOut(CONSOLE_ORIGIN)).statusCode).toBe(200);
  });
});
