/**
 * Links to evidence images that expire (issue 16): `/uploads/<name>?exp=<unix s>&sig=<HMAC>`. An
 * <img> sends no session header, so the API hands the page a link signed for a few minutes; a
 * copied link stops working soon after (docs/decisions/034).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type PreviousSecret, secretsAt } from '../../secrets.js';

export const DEFAULT_LINK_TTL_SECONDS = 300;
export class LinkSigner {
  constructor(
    private readonly key: string,
    readonly ttlSeconds: number = DEFAULT_LINK_TTL_SECONDS,
    /** UPLOAD_LINK_KEY_PREVIOUS: links signed before a rotation still open until its end (decision 130) */
    private readonly previous?: PreviousSecret,
  ) {}

  private signature(name: string, expires: number, key = this.key) {
    return createHmac('sha256', key).update(`${name}\n${expires}`).digest('base64url');
  }

  /** The query that lets the holder fetch `name` until now + the link lifetime. */
  query(name: string, now: Date): string {
    const expires = Math.floor(now.getTime() / 1000) + this.ttlSeconds;
    return `exp=${expires}&sig=${this.signature(name, expires)}`;
  }

  /** Seconds the link has left, or null when it is forged, altered or expired. */
  verify(name: string, exp: unknown, sig: unknown, now: Date): number | null {
    if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return null;
    const expires = Number(exp);
    const left = expires - Math.floor(now.getTime() / 1000);
    if (left <= 0 || left > this.ttlSeconds) return null;
    const given = Buffer.from(sig);
    const holds = secretsAt(this.key, this.previous, now).some((key) => {
      const expected = Buffer.from(this.signature(name, expires, key));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
    return holds ? left : null;
  }
}
