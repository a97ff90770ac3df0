/**
 * A real SMS provider (issue 16): Twilio's Messages API, which reaches India and Indonesia.
 * `POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json`, HTTP Basic auth with the account
 * SID and auth token, a form body of `To` (E.164), `From` and `Body`; 201 with the message's
 * `sid` on success, a JSON `{ code, message, status }` on failure.
 */
import { type Market, parsePhone } from '@kilat/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxMessage, SmsTransport } from './outbox.js';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** a Twilio number or an approved alphanumeric sender id */
  from: string;
  /** https://api.twilio.com; tests point it at a local server replaying recorded exchanges */
  apiBase: string;
}

export class SmsProviderError extends Error {
  override name = 'SmsProviderError';
}

/** A borrower's phone as Twilio wants it: stored in E.164 already (docs/decisions/056); the contract's rule reads any older form. */
export const e164 = (market: Market, phone: string): string => parsePhone(phone, market) ?? phone;

const SEND_TIMEOUT_MS = 10_000;

export class TwilioSmsTransport implements SmsTransport {
  readonly name = 'twilio';

  constructor(
    private readonly settings: TwilioSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  async deliver(message: OutboxMessage): Promise<void> {
    const { accountSid, authToken, from, apiBase } = this.settings;
    const url = `${apiBase.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({ To: e164(message.market, message.phone), From: from, Body: message.body }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    const answer = (await response.json().catch(() => ({}))) as { sid?: string; code?: number; message?: string };
    if (response.status !== 201 || !answer.sid) {
      // Twilio's error code names the cause (21211: not a valid number, 21608: unverified, 20003: auth)
      throw new SmsProviderError(`Twilio refused the SMS: HTTP ${response.status}, code ${answer.code ?? '?'}: ${answer.message ?? ''}`);
    }
    this.log.info({ provider: 'twilio', messageSid: answer.sid, purpose: message.purpose }, 'sms handed to the provider');
  }
}
