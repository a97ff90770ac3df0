/**
 * India's KYC through Cashfree Secure ID (Verification API, decision 152), as its public API
 * reference documents each call: `POST /pan` (is the PAN valid, an individual's, in whose name),
 * `POST /liveliness` (multipart: is the selfie a live person), `POST /offline-aadhaar/otp` (UIDAI
 * sends its code to the Aadhaar's mobile; answers Cashfree's `ref_id`) and `POST
 * /offline-aadhaar/verify` (the code completes the offline e-KYC: name and date of birth). Auth is
 * the `x-client-id` and `x-client-secret` headers. The Aadhaar number is sent once, in the OTP
 * call's body, and is kept nowhere: the check is named by Cashfree's `ref_id` from then on, so any
 * instance can complete it.
 */
import { z } from 'zod';
import type { CashfreeSettings } from '../../../config.js';
import { nameMatchScore, namesMatch } from '../../../lending/name-match.js';
import { parseGatewayBody } from '../../payments/gateways/gateway-http.js';
import type { IdentityOutcome, IdentityProvider, IdentityRequest } from '../ports.js';
import { outcome, providerCall, refused } from './http.js';

const PanAnswer = z.object({ valid: z.boolean(), type: z.string().optional(), registered_name: z.string().nullish() });
const LivelinessAnswer = z.object({ status: z.string(), liveliness: z.boolean(), score: z.number().optional() });
const OtpAnswer = z.object({ status: z.string(), ref_id: z.union([z.string(), z.number()]) });
const VerifyAnswer = z.object({
  status: z.string(),
  ref_id: z.union([z.string(), z.number()]).optional(),
  name: z.string(),
  dob: z.string(),
});

/** Cashfree writes the date of birth DD-MM-YYYY. */
const isoDate = (dob: string): string | null => {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(dob);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : null;
};

export class CashfreeIdentityProvider implements IdentityProvider {
  readonly name = 'cashfree';

  constructor(private readonly settings: CashfreeSettings) {}

  private url(path: string) {
    return `${this.settings.apiBase.replace(/\/$/, '')}${path}`;
  }

  private get headers() {
    return { 'x-client-id': this.settings.clientId, 'x-client-secret': this.settings.clientSecret };
  }

  async start(request: IdentityRequest): Promise<IdentityOutcome> {
    if (request.market !== 'IN') throw new Error('Cashfree checks Indian identities only');
    const aadhaarLast4 = request.aadhaar.slice(-4);

    // the PAN first: an invalid or a company's PAN ends the check before UIDAI sends anything
    const pan = await providerCall(this.name, this.url('/pan'), { headers: this.headers, json: { pan: request.pan, name: request.name } });
    if (pan.status !== 200) throw refused(this.name, 'PAN verification', pan);
    const panAnswer = parseGatewayBody(this.name, PanAnswer, pan.body, 'PAN verification');
    if (!panAnswer.valid || (panAnswer.type !== undefined && panAnswer.type !== 'Individual')) {
      return outcome(request.reference, { failure: 'document_not_found', aadhaarLast4 });
    }
    if (panAnswer.registered_name && !namesMatch(nameMatchScore(request.name, panAnswer.registered_name))) {
      return outcome(request.reference, { failure: 'name_mismatch', documentName: panAnswer.registered_name, aadhaarLast4 });
    }

    const form = new FormData();
    form.append('verification_id', request.reference);
    form.append('image', new Blob([new Uint8Array(request.selfie.data)], { type: request.selfie.contentType }), 'selfie');
    const live = await providerCall(this.name, this.url('/liveliness'), { headers: this.headers, form });
    if (live.status !== 200) throw refused(this.name, 'liveliness check', live);
    const liveAnswer = parseGatewayBody(this.name, LivelinessAnswer, live.body, 'liveliness check');
    const livenessScore = liveAnswer.score === undefined ? null : Math.round(liveAnswer.score * 100);
    if (!liveAnswer.liveliness) return outcome(request.reference, { failure: 'liveness_failed', livenessScore, aadhaarLast4 });

    const otp = await providerCall(this.name, this.url('/offline-aadhaar/otp'), {
      headers: this.headers,
      json: { aadhaar_number: request.aadhaar },
    });
    if (otp.status !== 200) throw refused(this.name, 'Aadhaar OTP', otp);
    const otpAnswer = parseGatewayBody(this.name, OtpAnswer, otp.body, 'Aadhaar OTP');
    const providerRef = String(otpAnswer.ref_id);
    if (otpAnswer.status !== 'SUCCESS') return outcome(providerRef, { failure: 'document_not_found', livenessScore, aadhaarLast4 });
    return outcome(providerRef, { status: 'awaiting_otp', livenessScore, aadhaarLast4 });
  }

  async submitOtp(providerRef: string, otp: string): Promise<IdentityOutcome | 'wrong_code'> {
    const answer = await providerCall(this.name, this.url('/offline-aadhaar/verify'), {
      headers: this.headers,
      json: { otp, ref_id: providerRef },
    });
    // the code is the only thing the borrower gave this call: a refusal of the request is a wrong code
    if (answer.status === 400) return 'wrong_code';
    if (answer.status !== 200) throw refused(this.name, 'Aadhaar verification', answer);
    const verified = parseGatewayBody(this.name, VerifyAnswer, answer.body, 'Aadhaar verification');
    if (verified.status !== 'VALID') return outcome(providerRef, { failure: 'document_not_found' });
    return outcome(providerRef, { status: 'verified', documentName: verified.name, documentBirthDate: isoDate(verified.dob) });
  }

  async lookup(providerRef: string): Promise<IdentityOutcome> {
    // every Cashfree step answers at once: no check of theirs is left pending
    throw new Error(`Cashfree has no pending check to look up (${providerRef})`);
  }
}
