import { Limits, Market, ResultCode } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { describe, expect, it } from 'vitest';
import { call, demoSession, useTestApp } from '../../test/app.js';

const overall = String(Limits.contactInfoOverall);
const t = useTestApp();

describe('contact-kf-info (customer service contacts)', () => {
  it("answers an Indian borrower with India's support e-mail and WhatsApp number", async () => {
    const session = await demoSession(t.app, Market.India);
    const response = await call(t.app, 'contactInfo', { session, query: { market: 'IN' }, body: { overall } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: '00', message: 'success', data: t.config.support.IN });
  });

  it("answers an Indonesian borrower with Indonesia's support e-mail and WhatsApp number", async () => {
    const session = await demoSession(t.app, Market.Indonesia);
    const response = await call(t.app, 'contactInfo', { session, query: { market: 'ID' }, body: { overall } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: '00', message: 'success', data: { email: 'cs@kilat.co.id', smWa: '+62 21 5091 8800' } });
  });

  it("uses the session borrower's market when the page sends no market", async () => {
    const session = await demoSession(t.app, Market.India);
    const response = await call(t.app, 'contactInfo', { session, body: { overall } });
    expect(response.json().data).toEqual({ email: 'support@kilat.co.in', smWa: '+91 80 4718 2200' });
  });

  it('refuses any overall other than 30 with a 400 envelope naming the field', async () => {
    const session = await demoSession(t.app, Market.India);
    const response = await call(t.app, 'contactInfo', { session, query: { market: 'IN' }, body: { overall: '31' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: ResultCode.InvalidRequest,
      message: enIN.invalidRequest.replace('{fields}', 'overall'),
      data: null,
    });
  });

  it('answers 401 without a session, in English for the India market', async () => {
    const response = await call(t.app, 'contactInfo', { query: { market: 'IN', deviceId: 'demo-device-in' }, body: { overall } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: ResultCode.Unauthenticated, message: enIN.unauthenticated, data: null });
  });

  it('answers 401 without a session in Indonesian when neither market nor Accept-Language says otherwise', async () => {
    const response = await call(t.app, 'contactInfo', { query: { deviceId: 'x' }, body: { overall } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: ResultCode.Unauthenticated, message: idID.unauthenticated, data: null });
  });

  it('answers 401 in English to a browser asking for English when no market is sent', async () => {
    const response = await call(t.app, 'contactInfo', { body: { overall }, headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(response.json().message).toBe(enIN.unauthenticated);
  });

  it('answers 401 to a session used from another device', async () => {
    const session = await demoSession(t.app, Market.India);
    const response = await call(t.app, 'contactInfo', {
      session: { ...session, deviceId: 'someone-elses-phone' },
      query: { market: 'IN' },
      body: { overall },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(ResultCode.Unauthenticated);
  });

  it('answers 401 to an expired session, and not before it expires', async () => {
    const session = await demoSession(t.app, Market.Indonesia);
    const ttlMs = t.config.sessionTtlHours * 3_600_000;
    t.clock.advance(ttlMs - 60_000);
    const stillValid = await call(t.app, 'contactInfo', { session, body: { overall } });
    expect(stillValid.statusCode).toBe(200);
    t.clock.advance(120_000);
    const expired = await call(t.app, 'contactInfo', { session, body: { overall } });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ code: ResultCode.Unauthenticated, message: idID.unauthenticated, data: null });
  });
});
