/**
 * The sandbox KYC provider (decision 151): the default outside production, refused in it. It decides
 * by the identity number's last four digits (the PAN's four digits in India, the NIK's serial in
 * Indonesia), so every path can be seen (docs/sandboxes.md): 9002 the document holds another person's name,
 * 9003 the check stays pending for an hour by Kilat's clock and is then verified, 9004 the selfie
 * fails liveness, 9005 no such document; any other is verified with the name and birth date entered.
 * India's Aadhaar code (UIDAI's OTP) is 123456. It keeps of the Aadhaar number only its last four.
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../../lending/clock.js';
import type { IdentityOutcome, IdentityProvider, IdentityRequest } from '../ports.js';

export const SANDBOX_AADHAAR_OTP = '123456';
export const SANDBOX_OTHER_PERSON = 'SANDBOX OTHER PERSON';
const PENDING_MS = 60 * 60_000;

interface Remembered {
  ending: string;
  name: string;
  birthDate: string;
  aadhaarLast4: string | null;
  startedAt: number;
  otpDone: boolean;
}

/**
 * The sandbox's memory of a check travels in its reference (what a provider keeps on its side), so
 * any instance answers the code or the look-up: nothing here lives in one process.
 */
const referenceOf = (remembered: Omit<Remembered, 'otpDone'>): string =>
  `sbx_kyc_${randomUUID()}.${Buffer.from(JSON.stringify(remembered)).toString('base64url')}`;

const rememberedOf = (providerRef: string, otpDone: boolean): Remembered => {
  const [, encoded] = providerRef.split('.');
  if (!providerRef.startsWith('sbx_kyc_') || !encoded) throw new Error(`the sandbox KYC provider has no check ${providerRef}`);
  return { ...(JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Omit<Remembered, 'otpDone'>), otpDone };
};

export class SandboxIdentityProvider implements IdentityProvider {
  readonly name = 'sandbox';

  constructor(private readonly clock: Clock) {}

  async start(request: IdentityRequest): Promise<IdentityOutcome> {
    if (request.selfie.data.length === 0 || (request.market === 'ID' && request.ktp.data.length === 0)) {
      throw new Error('the sandbox KYC provider needs the images');
    }
    const ending = request.market === 'IN' ? request.pan.slice(5, 9) : request.nik.slice(12);
    const kept = {
      ending,
      name: ending === '9002' ? SANDBOX_OTHER_PERSON : request.name.toUpperCase(),
      birthDate: request.birthDate,
      aadhaarLast4: request.market === 'IN' ? request.aadhaar.slice(-4) : null,
      startedAt: this.clock.now().getTime(),
    };
    const providerRef = referenceOf(kept);
    const remembered = { ...kept, otpDone: request.market === 'ID' };
    if (ending === '9005') return this.outcome(providerRef, remembered, 'failed');
    return request.market === 'IN' ? this.outcome(providerRef, remembered, 'awaiting_otp') : this.decide(providerRef, remembered);
  }

  async submitOtp(providerRef: string, otp: string): Promise<IdentityOutcome | 'wrong_code'> {
    const remembered = rememberedOf(providerRef, true);
    if (otp !== SANDBOX_AADHAAR_OTP) return 'wrong_code';
    return this.decide(providerRef, remembered);
  }

  /** a check is looked up only once it was decided or is pending (after the code in India) */
  async lookup(providerRef: string): Promise<IdentityOutcome> {
    return this.decide(providerRef, rememberedOf(providerRef, true));
  }

  private decide(providerRef: string, remembered: Remembered): IdentityOutcome {
    if (remembered.ending === '9004') return this.outcome(providerRef, remembered, 'failed');
    if (remembered.ending === '9003' && this.clock.now().getTime() - remembered.startedAt < PENDING_MS) {
      return this.outcome(providerRef, remembered, 'pending');
    }
    return this.outcome(providerRef, remembered, 'verified');
  }

  private outcome(providerRef: string, remembered: Remembered, status: IdentityOutcome['status']): IdentityOutcome {
    const read = status === 'verified';
    return {
      status,
      providerRef,
      failure: status !== 'failed' ? null : remembered.ending === '9004' ? 'liveness_failed' : 'document_not_found',
      documentName: read ? remembered.name : null,
      documentBirthDate: read ? remembered.birthDate : null,
      aadhaarLast4: remembered.aadhaarLast4,
      livenessScore: status === 'failed' && remembered.ending === '9004' ? 12 : read ? 97 : null,
    };
  }
}
