/**
 * Image captchas of the promotion pages: a session id (sid) per page, an SVG of 4 characters per
 * image request, alive 5 minutes, spent by its first check whether right or wrong. Only a hash
 * of the text is stored.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { Limits } from '@kilat/contract';
import { sameHash, sha256 } from '../../crypto.js';
import type { Clock } from '../../lending/clock.js';
import { onFirstUse } from '../../on-first-use.js';
import type { PromotionRepository } from './repository.js';

export const CAPTCHA_TTL_MINUTES = 5;
/** no 0/O, 1/I/L: characters a borrower cannot tell apart on a small screen */
export const CAPTCHA_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** sessions are deleted this long after their captcha expired */
const CLEANUP_AFTER_MS = 60 * 60_000;

export type CaptchaVerdict = 'right' | 'wrong' | 'expired';

type RenderCaptcha = (text: string, options?: Record<string, unknown>) => string;
// the package's default export renders a given text; its typings only declare `create`, whose text comes from Math.random
const captchaRenderer = onFirstUse(async () => (await import('svg-captcha')).default as unknown as RenderCaptcha);

const textHash = (sid: string, text: string) => sha256(`captcha:${sid}:${text.trim().toUpperCase()}`);

export const newCaptchaText = (): string =>
  Array.from({ length: Limits.captchaLength }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join('');

/** Development only: the last text of each sid, so browser tests can type it (GET /dev/captcha). */
export class CaptchaPeek {
  private readonly texts = new Map<string, string>();
  constructor(private readonly maxEntries = 1000) {}

  remember(sid: string, text: string): void {
    this.texts.delete(sid);
    this.texts.set(sid, text);
    if (this.texts.size > this.maxEntries) this.texts.delete(this.texts.keys().next().value!);
  }

  textOf(sid: string): string | null {
    return this.texts.get(sid) ?? null;
  }
}

export class CaptchaService {
  constructor(
    private readonly repository: PromotionRepository,
    private readonly clock: Clock,
    private readonly peek: CaptchaPeek | null = null,
  ) {}

  async newSession(): Promise<string> {
    const now = this.clock.now();
    const sid = randomBytes(24).toString('base64url');
    await this.repository.deleteCaptchaSessionsExpiredBefore(new Date(now.getTime() - CLEANUP_AFTER_MS));
    await this.repository.insertCaptchaSession(sid, new Date(now.getTime() + CAPTCHA_TTL_MINUTES * 60_000), now);
    return sid;
  }

  /** A new text for the session and its SVG; null for an unknown sid. Each image replaces the previous text. */
  async image(sid: string): Promise<string | null> {
    const text = newCaptchaText();
    const expiresAt = new Date(this.clock.now().getTime() + CAPTCHA_TTL_MINUTES * 60_000);
    if (!(await this.repository.renewCaptcha(sid, textHash(sid, text), expiresAt))) return null;
    this.peek?.remember(sid, text);
    const render = await captchaRenderer();
    return render(text, { width: 120, height: 44, fontSize: 46, noise: 2, color: false });
  }

  /**
   * get-sms's check: spends the captcha; a right one stays good for one registration of that phone,
   * because the registration form sends the same captcha again.
   */
  async checkForSms(sid: string, text: string, phone: string): Promise<CaptchaVerdict> {
    const verdict = await this.spend(sid, text, null);
    if (verdict === 'right') await this.repository.markCaptchaPassed(sid, phone);
    return verdict;
  }

  /** register's check: a fresh captcha, or the one that passed get-sms for this phone; spent either way. */
  checkForRegistration(sid: string, text: string, phone: string): Promise<CaptchaVerdict> {
    return this.spend(sid, text, phone);
  }

  private async spend(sid: string, text: string, passedFor: string | null): Promise<CaptchaVerdict> {
    const stored = await this.repository.spendCaptcha(sid, this.clock.now(), passedFor);
    if (stored === null) return 'expired';
    return sameHash(stored, textHash(sid, text)) ? 'right' : 'wrong';
  }
}
