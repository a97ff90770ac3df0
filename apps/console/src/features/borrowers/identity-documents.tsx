/**
 * The risk desk's view of who a borrower is (issue 47 defect 7): each identity check with what the
 * provider found, its document and selfie through short signed links. Shown only when the operator
 * opens it, to roles that may read it; the server audits every read.
 */
import { type IdentityCheckView, Permission } from '@kilat/contract/console/browser';
import { useState } from 'react';
import { formatDateTime } from '@/shared/format';
import { useSession } from '@/shared/session';
import { ErrorLine } from '@/shared/ui';
import { useBorrowerIdentity } from './api/get-identity';

const DOCUMENT = { pan_aadhaar: 'PAN and Aadhaar', nik_ktp: 'NIK and KTP' } as const;
const STATUS = {
  awaiting_otp: 'waiting for the Aadhaar code',
  pending: 'pending at the provider',
  verified: 'verified',
  failed: 'failed',
} as const;
const FAILURE = {
  name_mismatch: 'the name does not match',
  birth_date_mismatch: 'the birth date does not match',
  liveness_failed: 'the selfie failed the liveness check',
  document_not_found: 'the document was not found',
} as const;

const Check = ({ check }: { check: IdentityCheckView }) => (
  <article className="identity-check" aria-label={`Identity check ${check.id}`}>
    <h3>
      {DOCUMENT[check.documentKind]} · {STATUS[check.status]}
      {check.failure ? `: ${FAILURE[check.failure]}` : ''} {check.current ? '' : '(replaced by a later check)'}
    </h3>
    <dl>
      <dt>Name given / on the document</dt>
      <dd>
        {check.givenName} / {check.documentName ?? '—'}
      </dd>
      <dt>Birth date given / on the document</dt>
      <dd>
        {check.givenBirthDate} / {check.documentBirthDate ?? '—'}
      </dd>
      <dt>Number</dt>
      <dd>
        •••• {check.numberLast4}
        {check.aadhaarLast4 ? ` · Aadhaar •••• ${check.aadhaarLast4}` : ''}
      </dd>
      <dt>Liveness score</dt>
      <dd>{check.livenessScore ?? '—'}</dd>
      <dt>Checked by</dt>
      <dd>
        {check.provider}, {formatDateTime(check.createdAt, check.market)}
      </dd>
    </dl>
    <div className="identity-images">
      <figure>
        <img src={check.selfieUrl} alt={`Selfie of identity check ${check.id}`} width={240} />
        <figcaption>Selfie</figcaption>
      </figure>
      {check.documentUrl && (
        <figure>
          <img src={check.documentUrl} alt={`Document of identity check ${check.id}`} width={240} />
          <figcaption>Document</figcaption>
        </figure>
      )}
    </div>
  </article>
);

export const IdentityDocuments = ({ borrowerId }: { borrowerId: number }) => {
  const { can } = useSession();
  const [open, setOpen] = useState(false);
  const identity = useBorrowerIdentity(borrowerId, open && can(Permission.IdentityRead));
  if (!can(Permission.IdentityRead)) return null;
  const checks = identity.data?.checks;
  return (
    <section className="card" id="identity" aria-labelledby="identity-documents-title">
      <h2 id="identity-documents-title">KYC documents and selfies</h2>
      {!open ? (
        <>
          <p>Opening them is recorded in the audit log under your name.</p>
          <button type="button" onClick={() => setOpen(true)}>
            Show the KYC documents
          </button>
        </>
      ) : (
        <>
          <ErrorLine error={identity.error} />
          {identity.isPending && <p role="status">Loading…</p>}
          {checks && checks.length === 0 && <p>No identity check yet.</p>}
          {checks?.map((check) => (
            <Check key={check.id} check={check} />
          ))}
        </>
      )}
    </section>
  );
};
