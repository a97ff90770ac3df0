/** The SMS provider interface every sender calls (the outbox implements it, modules/sms/outbox.ts). */
import { type Market, Market as Markets } from '@kilat/contract';
import type { Db } from '../../db/database.js';

export type SmsPurpose = 'login' | 'registration' | 'repayment' | 'reminder';

export interface SmsMessage {
  market: Market;
  phone: string;
  purpose: SmsPurpose;
  body: string;
}

export interface SmsProvider {
  send(message: SmsMessage, tx?: Db): Promise<void>;
}

const loginTexts: Record<Market, string> = {
  [Markets.India]: 'Your Kilat login code is {code}. It expires in {minutes} minutes. Do not share it with anyone.',
  [Markets.Indonesia]: 'Kode masuk Kilat Anda: {code}. Berlaku {minutes} menit. Jangan berikan kode ini kepada siapa pun.',
};

export const loginSmsText = (market: Market) => loginTexts[market];
