/**
 * What the decision engine reads of a borrower's identity (issue 29): one function, one query. The
 * name and birth date are the document's once the provider verified it, else those entered.
 */
import type { IdentityDocumentKind } from '@kilat/contract';
import type { Db } from '../../db/database.js';
import { IdentityRepository } from './repository.js';

export interface BorrowerIdentity {
  /** none: no check, or India's still waiting for UIDAI's code */
  status: 'none' | 'pending' | 'verified' | 'failed';
  name: string | null;
  /** YYYY-MM-DD */
  birthDate: string | null;
  documentKind: IdentityDocumentKind | null;
  /** the last four characters of the PAN or NIK, the only part shown to operators */
  numberLast4: string | null;
}

export const identityOf = async (db: Db, borrowerId: number): Promise<BorrowerIdentity> => {
  const row = await new IdentityRepository(db).current(borrowerId);
  if (!row || row.status === 'awaiting_otp')
    return { status: 'none', name: null, birthDate: null, documentKind: row?.documentKind ?? null, numberLast4: row?.numberLast4 ?? null };
  const verified = row.status === 'verified';
  return {
    status: row.status,
    name: verified ? row.documentName : row.givenName,
    birthDate: verified ? row.documentBirthDate : row.givenBirthDate,
    documentKind: row.documentKind,
    numberLast4: row.numberLast4,
  };
};
