/**
 * The KYC provider port (issue 29 item 2, decision 151): what Kilat asks of an identity provider,
 * whichever it is. India's check is an offline e-KYC at the provider: the Aadhaar number goes to it
 * once, UIDAI sends a code to the Aadhaar's mobile, and the code completes it — after that only the
 * provider's reference and the number's last four exist on Kilat's side. Indonesia's is the NIK
 * with the KTP photo against the population registry (Dukcapil). Both take a selfie for liveness.
 * The provider reads the documents; Kilat compares what it read with what the borrower entered.
 */
import type { Market } from '@kilat/contract';
import type { IdentityFailure } from './table.js';

export interface IdentityImage {
  data: Buffer;
  contentType: string;
}

export type IdentityRequest =
  | {
      market: 'IN';
      /** Kilat's id of this check, sent where the provider takes one */
      reference: string;
      name: string;
      birthDate: string;
      pan: string;
      /** in memory only, on its way to the provider */
      aadhaar: string;
      selfie: IdentityImage;
    }
  | {
      market: 'ID';
      reference: string;
      name: string;
      birthDate: string;
      nik: string;
      ktp: IdentityImage;
      selfie: IdentityImage;
    };

/** What the provider said of a check. */
export interface IdentityOutcome {
  /** awaiting_otp: UIDAI sent its code (India); pending: the provider has not decided yet */
  status: 'awaiting_otp' | 'pending' | 'verified' | 'failed';
  /** the provider's id of the check: every later question names it */
  providerRef: string;
  /** what the provider itself refused: the selfie is not live, no such document, a registry name that is not the one given */
  failure: Exclude<IdentityFailure, 'birth_date_mismatch'> | null;
  /** the name and birth date (YYYY-MM-DD) the document holds, once read */
  documentName: string | null;
  documentBirthDate: string | null;
  /** India: the Aadhaar number's last four, as the provider masks it */
  aadhaarLast4: string | null;
  /** 0–100, when the provider scores liveness */
  livenessScore: number | null;
}

export interface IdentityProvider {
  readonly name: string;
  /** sends the documents and the selfie; India answers awaiting_otp */
  start(request: IdentityRequest): Promise<IdentityOutcome>;
  /** India: the code UIDAI sent; 'wrong_code' leaves the check waiting for the right one */
  submitOtp(providerRef: string, otp: string): Promise<IdentityOutcome | 'wrong_code'>;
  /** asks again about a check the provider had not decided */
  lookup(providerRef: string): Promise<IdentityOutcome>;
}

export interface IdentityProviders {
  for(market: Market): IdentityProvider;
  byName(name: string): IdentityProvider | undefined;
}
