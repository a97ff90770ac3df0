import { Limits, Market, ResultCode } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { describe, expect, it } from 'vitest';
import { call, demoSession, useTestApp } from '../test/app.js';

const overall = String(Limits.contactInfoOverall);
const t = useTestApp();

describe('the language the borrower chose speaks the answers; the market stays (decision 111)', () => {
  it('names an invalid field in the chosen language to an Indian borrower who chose Indonesian', async () => {
    const session = await demoSession(t.app, Market.India);
    const response = await call(t.app, 'contactInfo', {
      session,
      query: { market: 'IN' },
      body: { overall: '31' },
      headers: { cookie: 'other=1; kilat_lang=id-ID' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: ResultCode.InvalidRequest,
      message: idID.invalidRequest.replace('{fields}', 'overall'),
      data: null,
    });
  });

  it("keeps the market's own facts: an Indian borrower reading Indonesian still gets India's contacts", async () => {
    const session = await demoSession(t.app, Market.India);
    const response = await call(t.app, 'contactInfo', {
      session,
      query: { market: 'IN' },
      body: { overall },
      headers: { cookie: 'kilat_lang=id-ID' },
    });
    expect(response.json()).toEqual({ code: '00', message: 'success', data: t.config.support.IN });
  });

  it('answers an Indonesian borrower who chose English in English, without a session too', async () => {
    const response = await call(t.app, 'contactInfo', {
      query: { market: 'ID', deviceId: 'demo-device-id' },
      body: { overall },
      headers: { cookie: 'kilat_lang=en-IN' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(enIN.unauthenticated);
  });

  it("answers in the market's language when the cookie names no pack", async () => {
    const response = await call(t.app, 'contactInfo', {
      query: { market: 'IN', deviceId: 'demo-device-in' },
      body: { overall },
      headers: { cookie: 'kilat_lang=de-DE' },
    });
    expect(response.json().message).toBe(enIN.unauthenticated);
  });
});
