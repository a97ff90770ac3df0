/**
 * The webhook signature (DESIGN §5), the scheme Stripe-style gateways use: header
 * `x-kilat-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. The timestamp
 * inside the signed text makes an old delivery useless after the tolerance: no replay.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-kilat-signature';
/** a delivery signed more than this long before (or after) our clock is refused */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

const hmacHex = (secret: string, timestamp: number, rawBody: Buffer | string) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');

export const signatureHeader = (secret: string, rawBody: Buffer | string, timestamp: number): string =>
  `t=${timestamp},v1=${hmacHex(secret, timestamp, rawBody)}`;

const parseHeader = (header: string): { timestamp: number; signatures: string[] } | null => {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
};

/** True when one v1 signature of the header is ours over this raw body, within the tolerance of `nowSeconds`. */
export const verifySignature = (
  secret: string,
  rawBody: Buffer,
  header: string | string[] | undefined,
  nowSeconds: number,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): boolean => {
  if (typeof header !== 'string' || header.length > 1024) return false;
  const parsed = parseHeader(header);
  if (!parsed || Math.abs(nowSeconds - parsed.timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(hmacHex(secret, parsed.timestamp, rawBody), 'hex');
  return parsed.signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    // timingSafeEqual throws on different lengths: check first (the length is no secret)
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
};
