/**
 * Indonesia's KYC through TrustDecision (decision 152), as its public API reference documents each
 * call: the Liveness Detection API (`POST …/verification/kyc/liveness/v1`: the selfie in base64,
 * `country: 'ID'`; `result` pass or fail, `score` 0–1) and the ID Verification Detailed Version for
 * Indonesia (the NIK as `id_number` with `id_type: 'KTP'` and the name, checked against the population
 * registry; `result` success, fail or no record, and `further_info` with the registry's name and
 * birth date). Auth is `partner_code` and `partner_key` in the query, as TrustDecision assigns them
 * with the ID verification address. The KTP photo is kept by Kilat (decision 153), not sent.
 */
import { z } from 'zod';
import type { TrustDecisionSettings } from '../../../config.js';
import { parseGatewayBody } from '../../payments/gateways/gateway-http.js';
import type { IdentityOutcome, IdentityProvider, IdentityRequest } from '../ports.js';
import { outcome, providerCall, refused } from './http.js';

const Answer = z.object({
  code: z.number(),
  sequence_id: z.string().optional(),
  result: z.string().optional(),
  score: z.number().optional(),
});
const FurtherInfo = z.object({ name: z.string(), birth_date: z.string() });
/** `further_info` is documented as a String holding the registry's fields: taken as that object, or as its JSON text */
const furtherInfoOf = (value: unknown) => {
  const parsed = FurtherInfo.safeParse(typeof value === 'string' ? JSON.parse(value) : value);
  return parsed.success ? parsed.data : null;
};

/** TrustDecision's liveness codes for a selfie it could judge as no live person: no face, several faces */
const NO_LIVE_FACE = new Set([12223, 12224]);

export class TrustDecisionIdentityProvider implements IdentityProvider {
  readonly name = 'trustdecision';

  constructor(private readonly settings: TrustDecisionSettings) {}

  private url(base: string) {
    const url = new URL(base);
    url.searchParams.set('partner_code', this.settings.partnerCode);
    url.searchParams.set('partner_key', this.settings.partnerKey);
    return url.toString();
  }

  async start(request: IdentityRequest): Promise<IdentityOutcome> {
    if (request.market !== 'ID') throw new Error('TrustDecision checks Indonesian identities here');

    const live = await providerCall(this.name, this.url(this.settings.livenessUrl), {
      json: { image: request.selfie.data.toString('base64'), country: 'ID' },
    });
    if (live.status !== 200) throw refused(this.name, 'liveness detection', live);
    const liveAnswer = parseGatewayBody(this.name, Answer, live.body, 'liveness detection');
    const livenessScore = liveAnswer.score === undefined ? null : Math.round(liveAnswer.score * 100);
    if (NO_LIVE_FACE.has(liveAnswer.code) || (liveAnswer.code === 200 && liveAnswer.result === 'fail')) {
      return outcome(liveAnswer.sequence_id ?? request.reference, { failure: 'liveness_failed', livenessScore });
    }
    if (liveAnswer.code !== 200 || liveAnswer.result !== 'pass')
      throw refused(this.name, `liveness detection (code ${liveAnswer.code})`, live);

    const id = await providerCall(this.name, this.url(this.settings.idVerificationUrl), {
      json: { country: 'ID', id_type: 'KTP', id_number: request.nik, name: request.name.toUpperCase() },
    });
    if (id.status !== 200) throw refused(this.name, 'ID verification', id);
    const idAnswer = parseGatewayBody(this.name, Answer, id.body, 'ID verification');
    if (idAnswer.code !== 200) throw refused(this.name, `ID verification (code ${idAnswer.code})`, id);
    const providerRef = idAnswer.sequence_id ?? request.reference;
    if (idAnswer.result === 'no record') return outcome(providerRef, { failure: 'document_not_found', livenessScore });
    if (idAnswer.result === 'fail') return outcome(providerRef, { failure: 'name_mismatch', livenessScore });
    const info = furtherInfoOf(id.body.further_info);
    if (!info) throw refused(this.name, 'ID verification (no registry data)', id);
    return outcome(providerRef, {
      status: 'verified',
      documentName: info.name,
      documentBirthDate: info.birth_date.slice(0, 10),
      livenessScore,
    });
  }

  async submitOtp(): Promise<IdentityOutcome | 'wrong_code'> {
    throw new Error('TrustDecision asks no code');
  }

  async lookup(providerRef: string): Promise<IdentityOutcome> {
    throw new Error(`TrustDecision answers at once: no pending check ${providerRef}`);
  }
}
