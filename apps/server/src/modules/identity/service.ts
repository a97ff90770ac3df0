/**
 * Who the borrower is (issue 29 item 2, decisions 151–153). The typed fields are checked first (the
 * contract's `checkIdentity`: PAN form, Aadhaar's Verhoeff digit, NIK regions and birth date) and a
 * refusal stores nothing and sends nothing; the images are then re-encoded, the check goes to the
 * market's KYC provider, and only its answer is kept: the images as identity uploads, the PAN or NIK
 * sealed, of the Aadhaar number its last four and the provider's reference. What the provider read
 * is compared with what was entered (name score, birth date); a verified document's name becomes
 * the borrower's.
 */
import { randomUUID } from 'node:crypto';
import {
  checkIdentity,
  IdentityDocumentKinds,
  type IdentityInput,
  Limits,
  lastFourOf,
  type Market,
  type MessageKey,
  ResultCode,
} from '@kilat/contract';
import { sealText } from '../../crypto.js';
import { lockInTransaction } from '../../db/advisory-lock.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../lending/clock.js';
import { nameMatchScore, namesMatch } from '../../lending/name-match.js';
import type { UploadsService } from '../uploads/service.js';
import type { IdentityOutcome, IdentityProviders, IdentityRequest } from './ports.js';
import type { IdentityRepository } from './repository.js';
import type { IdentityCheckRow, IdentityFailure, NewIdentityCheckRow } from './table.js';

export interface IdentityOwner {
  id: number;
  market: Market;
}

/** The images of a submit, as the multipart body carried them (absent when not sent). */
export interface IdentityImages {
  selfie?: Buffer | undefined;
  document?: Buffer | undefined;
}

/** The borrower's identity as shown to them; `reason` is a message key the handler puts in their language. */
export interface IdentityView {
  status: 'none' | IdentityCheckRow['status'];
  documentKind: IdentityCheckRow['documentKind'] | null;
  name: string;
  birthDate: string;
  numberLast4: string;
  aadhaarLast4: string | null;
  reason: MessageKey | null;
  selfieUrl: string | null;
  documentUrl: string | null;
  applicantName: string;
  /** India: seconds until UIDAI's code may be sent again (0 when it may, or when no code is awaited) */
  otpResendInSeconds: number;
}

const OTP = /^\d{6}$/;

const FAILURE_REASONS: Record<IdentityFailure, MessageKey> = {
  name_mismatch: 'identityNameMismatch',
  birth_date_mismatch: 'identityBirthDateMismatch',
  liveness_failed: 'identityLivenessFailed',
  document_not_found: 'identityDocumentNotFound',
};

/**
 * Kilat's own comparison of what the provider read with what the borrower entered: the name scored
 * as disbursal names are (70 of 100), the birth date exactly.
 */
export const judged = (
  outcome: IdentityOutcome,
  given: { name: string; birthDate: string },
): Pick<NewIdentityCheckRow, 'status' | 'failure'> => {
  if (outcome.status !== 'verified')
    return { status: outcome.status, failure: outcome.status === 'failed' ? (outcome.failure ?? 'document_not_found') : null };
  if (!outcome.documentName || !namesMatch(nameMatchScore(given.name, outcome.documentName)))
    return { status: 'failed', failure: 'name_mismatch' };
  if (outcome.documentBirthDate !== given.birthDate) return { status: 'failed', failure: 'birth_date_mismatch' };
  return { status: 'verified', failure: null };
};

/** The row's columns an outcome fills: what the provider read, and when it decided. */
const outcomeColumns = (outcome: IdentityOutcome, given: { name: string; birthDate: string }, now: Date): Partial<NewIdentityCheckRow> => {
  const verdict = judged(outcome, given);
  return {
    ...verdict,
    documentName: outcome.documentName,
    documentBirthDate: outcome.documentBirthDate,
    // a later step (India's code) does not repeat what the first one learnt
    ...(outcome.aadhaarLast4 === null ? {} : { aadhaarLast4: outcome.aadhaarLast4 }),
    ...(outcome.livenessScore === null ? {} : { livenessScore: outcome.livenessScore }),
    decidedAt: verdict.status === 'verified' || verdict.status === 'failed' ? now : null,
  };
};

export class IdentityService {
  constructor(
    private readonly db: Db,
    private readonly checks: IdentityRepository,
    private readonly providers: IdentityProviders,
    private readonly uploads: UploadsService,
    private readonly clock: Clock,
    private readonly encryptionKey: string,
  ) {}

  async view(borrower: IdentityOwner): Promise<IdentityView> {
    let row = await this.checks.current(borrower.id);
    if (row?.status === 'pending') row = await this.refresh(row);
    return this.shown(row, await this.checks.applicant(borrower.id));
  }

  /**
   * Checks the fields, then the images, then asks the provider and keeps its answer. A verified
   * identity is not checked again; a check the provider is still deciding is waited for.
   */
  async submit(
    borrower: IdentityOwner,
    fields: IdentityInput & { consent?: string | undefined },
    images: IdentityImages,
  ): Promise<IdentityView> {
    const current = await this.checks.current(borrower.id);
    if (current?.status === 'verified') throw new AppError(ResultCode.InvalidRequest, 'identityAlreadyVerified', 409);
    if (current?.status === 'pending') throw new AppError(ResultCode.InvalidRequest, 'identityPending', 409);
    // India: sending the form again while UIDAI's code is awaited sends a new code, at most once a countdown (issue 48)
    const resendIn = this.resendInSeconds(current);
    if (resendIn > 0) throw new AppError(ResultCode.RateLimited, 'identityOtpResendTooSoon', 429, { seconds: resendIn });

    const checked = checkIdentity(borrower.market, fields, this.clock.now());
    if (!checked.ok) throw new AppError(ResultCode.InvalidRequest, checked.problem, 400);
    if (fields.consent !== 'yes') throw new AppError(ResultCode.InvalidRequest, 'identityConsentMissing', 400);
    if (!images.selfie || images.selfie.length === 0) throw new AppError(ResultCode.InvalidRequest, 'identitySelfieMissing', 400);
    if (borrower.market === 'ID' && (!images.document || images.document.length === 0)) {
      throw new AppError(ResultCode.InvalidRequest, 'identityDocumentMissing', 400);
    }
    const identity = checked.identity;

    const selfie = await this.uploads.reencode(images.selfie);
    const document = identity.market === 'ID' && images.document ? await this.uploads.reencode(images.document) : null;
    const reference = `kyc_${randomUUID()}`;
    const selfieImage = { data: selfie.data, contentType: selfie.contentType };
    const request: IdentityRequest =
      identity.market === 'IN'
        ? {
            market: 'IN',
            reference,
            name: identity.name,
            birthDate: identity.birthDate,
            pan: identity.pan,
            aadhaar: identity.aadhaar,
            selfie: selfieImage,
          }
        : {
            market: 'ID',
            reference,
            name: identity.name,
            birthDate: identity.birthDate,
            nik: identity.nik,
            ktp: { data: document!.data, contentType: document!.contentType },
            selfie: selfieImage,
          };
    const provider = this.providers.for(borrower.market);
    const outcome = await provider.start(request);

    const keptSelfie = await this.uploads.keep(selfie, borrower.id, 'identity');
    const keptDocument = document ? await this.uploads.keep(document, borrower.id, 'identity') : null;
    const now = this.clock.now();
    const number = identity.market === 'IN' ? identity.pan : identity.nik;
    const given = { name: identity.name, birthDate: identity.birthDate };
    const row = await this.db.transaction(async (tx) => {
      await lockInTransaction(tx, 'identity', String(borrower.id));
      const active = await this.checks.current(borrower.id, tx);
      if (active?.status === 'verified') throw new AppError(ResultCode.InvalidRequest, 'identityAlreadyVerified', 409);
      if (active) await this.checks.replace(active.id, now, tx);
      const inserted = await this.checks.insert(
        {
          borrowerId: borrower.id,
          market: borrower.market,
          documentKind: IdentityDocumentKinds[borrower.market],
          provider: provider.name,
          providerRef: outcome.providerRef,
          givenName: identity.name,
          givenBirthDate: identity.birthDate,
          numberSealed: sealText(this.encryptionKey, number),
          numberLast4: lastFourOf(number),
          selfieUpload: keptSelfie.upload.name,
          documentUpload: keptDocument?.upload.name ?? null,
          createdAt: now,
          status: 'pending',
          ...outcomeColumns(outcome, given, now),
        },
        tx,
      );
      if (inserted.status === 'verified' && inserted.documentName) await this.checks.nameBorrower(borrower.id, inserted.documentName, tx);
      return inserted;
    });
    return this.shown(row, await this.checks.applicant(borrower.id));
  }

  /**
   * Every check of a borrower, newest first, for operators of the risk role (the console audits the
   * read): what was entered and what the document said, masked numbers, short links to the images.
   */
  async checksOf(borrowerId: number) {
    const rows = await this.checks.all(borrowerId);
    return rows.map((row) => ({
      id: row.id,
      market: row.market,
      documentKind: row.documentKind,
      provider: row.provider,
      status: row.status,
      failure: row.failure,
      givenName: row.givenName,
      givenBirthDate: row.givenBirthDate,
      documentName: row.documentName,
      documentBirthDate: row.documentBirthDate,
      numberLast4: row.numberLast4,
      aadhaarLast4: row.aadhaarLast4,
      livenessScore: row.livenessScore,
      selfieUrl: this.uploads.signedUrlOf(row.selfieUpload),
      documentUrl: row.documentUpload ? this.uploads.signedUrlOf(row.documentUpload) : null,
      createdAt: row.createdAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      current: row.replacedAt === null,
    }));
  }

  /** India: the code UIDAI sent to the Aadhaar's mobile completes the check at the provider. */
  async submitOtp(borrower: IdentityOwner, otp: string): Promise<IdentityView> {
    const typed = otp.trim();
    if (!OTP.test(typed)) throw new AppError(ResultCode.InvalidRequest, 'identityOtpInvalid', 400);
    const current = await this.checks.current(borrower.id);
    if (current?.status !== 'awaiting_otp') throw new AppError(ResultCode.InvalidRequest, 'identityNoOtpAwaited', 409);
    const provider = this.providers.byName(current.provider);
    if (!provider) throw new Error(`the KYC provider ${current.provider} is not configured`);
    const outcome = await provider.submitOtp(current.providerRef, typed);
    if (outcome === 'wrong_code') throw new AppError(ResultCode.InvalidRequest, 'identityOtpWrong', 400);
    const row = await this.apply(current, outcome);
    return this.shown(row, await this.checks.applicant(borrower.id));
  }

  /** Asks the provider again about a check it had not decided. */
  private async refresh(row: IdentityCheckRow): Promise<IdentityCheckRow> {
    const provider = this.providers.byName(row.provider);
    if (!provider) return row;
    const outcome = await provider.lookup(row.providerRef);
    if (outcome.status === 'pending') return row;
    return this.apply(row, outcome);
  }

  /** Writes the provider's answer on a waiting check, and names the borrower after a verified document. */
  private async apply(row: IdentityCheckRow, outcome: IdentityOutcome): Promise<IdentityCheckRow> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const settled = await this.checks.settle(
        row.id,
        row.status,
        outcomeColumns(outcome, { name: row.givenName, birthDate: row.givenBirthDate }, now),
        tx,
      );
      if (!settled) return (await this.checks.current(row.borrowerId, tx)) ?? row;
      if (settled.status === 'verified' && settled.documentName) await this.checks.nameBorrower(row.borrowerId, settled.documentName, tx);
      return settled;
    });
  }

  /** Seconds before an awaited code may be sent again: the countdown runs from when the check was started. */
  private resendInSeconds(row: IdentityCheckRow | null): number {
    if (row?.status !== 'awaiting_otp') return 0;
    const elapsed = this.clock.now().getTime() - row.createdAt.getTime();
    return Math.max(0, Math.ceil((Limits.resendCountdownSeconds * 1000 - elapsed) / 1000));
  }

  private shown(row: IdentityCheckRow | null, applicant: { name: string; birthDate: string }): IdentityView {
    const applicantName = applicant.name;
    if (!row) {
      return {
        status: 'none',
        documentKind: null,
        name: applicantName,
        // the birth date of the application, so it is not typed twice (issue 48)
        birthDate: applicant.birthDate,
        numberLast4: '',
        aadhaarLast4: null,
        reason: null,
        selfieUrl: null,
        documentUrl: null,
        applicantName,
        otpResendInSeconds: 0,
      };
    }
    const verified = row.status === 'verified';
    return {
      status: row.status,
      documentKind: row.documentKind,
      name: verified && row.documentName ? row.documentName : row.givenName,
      birthDate: verified && row.documentBirthDate ? row.documentBirthDate : row.givenBirthDate,
      numberLast4: row.numberLast4,
      aadhaarLast4: row.aadhaarLast4,
      reason:
        row.status === 'failed'
          ? FAILURE_REASONS[row.failure ?? 'document_not_found']
          : row.status === 'pending'
            ? 'identityPending'
            : null,
      selfieUrl: this.uploads.signedUrlOf(row.selfieUpload),
      documentUrl: row.documentUpload ? this.uploads.signedUrlOf(row.documentUpload) : null,
      applicantName,
      otpResendInSeconds: this.resendInSeconds(row),
    };
  }
}
