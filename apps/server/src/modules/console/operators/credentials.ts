/** Operators' credentials: argon2id password hashes (@node-rs/argon2) and RFC 6238 TOTP codes (otplib). */
import { hash, verify as verifyHash } from '@node-rs/argon2';
import { onFirstUse } from '../../../on-first-use.js';

/** loaded by the first console sign-in or new operator, never by a borrower's request */
const otplib = onFirstUse(() => import('otplib'));

// @node-rs/argon2 hashes with argon2id by default; these are OWASP's minimum (19 MiB, 2 passes)
const HASH_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, HASH_OPTIONS);

export const passwordMatches = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verifyHash(passwordHash, password);
  } catch {
    return false;
  }
};

// verified against when the address is unknown, so a wrong address costs as long as a wrong password
let decoy: Promise<string> | undefined;
export const decoyHash = () => {
  decoy ??= hashPassword('kilat-decoy-password-never-matches');
  return decoy;
};

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_ISSUER = 'Kilat console';

export const newTotpSecret = async (): Promise<string> => (await otplib()).generateSecret();

export const totpUri = async (email: string, secret: string) => (await otplib()).generateURI({ issuer: TOTP_ISSUER, label: email, secret });

export type TotpCheck = { ok: true; step: number } | { ok: false; replayed: boolean };

/**
 * A code of the current step, or of the previous one (a code typed as the step turned), and only
 * of a step after `lastStep`: a code accepted once is refused ever after.
 */
export const checkTotp = async (secret: string, code: string, lastStep: number, now: Date): Promise<TotpCheck> => {
  const { verify: verifyTotp } = await otplib();
  const epoch = Math.floor(now.getTime() / 1000);
  const base = { secret, token: code, epoch, period: TOTP_PERIOD_SECONDS, epochTolerance: [TOTP_PERIOD_SECONDS, 0] as [number, number] };
  const result = await verifyTotp({ ...base, ...(lastStep > 0 ? { afterTimeStep: lastStep } : {}) }).catch(() => ({
    valid: false as const,
  }));
  if (result.valid && 'timeStep' in result) return { ok: true, step: result.timeStep };
  if (lastStep === 0) return { ok: false, replayed: false };
  // tell a replay from a wrong code: the same code without the replay bound
  const again = await verifyTotp(base).catch(() => ({ valid: false as const }));
  return { ok: false, replayed: again.valid };
};
