/**
 * One bank credit repays one loan (issue 47, decision 230): an offline repayment claims its bank
 * reference in the market's collection account it landed in. The database keeps one live claim per
 * market, account and reference (`bank_credit_claims_live`), whichever order and whichever
 * instance records it; a claim is released only when its request is rejected or its repayment reversed.
 */
import type { Market } from '@kilat/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { bankCreditClaims } from '../../db/schema.js';
import type { BusinessDate } from '../../lending/business-date.js';

export type BankCreditClaim = typeof bankCreditClaims.$inferSelect;

/** The live claim on a reference in an account, if any. */
export const liveClaimOf = async (tx: Db, market: Market, bankAccount: string, bankReference: string): Promise<BankCreditClaim | null> => {
  const [claim] = await tx
    .select()
    .from(bankCreditClaims)
    .where(
      and(
        eq(bankCreditClaims.market, market),
        eq(bankCreditClaims.bankAccount, bankAccount),
        eq(bankCreditClaims.bankReference, bankReference),
        isNull(bankCreditClaims.releasedAt),
      ),
    )
    .limit(1);
  return claim ?? null;
};

/** Claims a reference for an order; a second live claim of it breaks the unique index (the caller answers 409). */
export const claimBankCredit = async (
  tx: Db,
  claim: {
    market: Market;
    bankAccount: string;
    bankReference: string;
    orderId: number;
    amountMinor: number;
    receivedOn: BusinessDate;
    claimedBy: number;
    claimedAt: Date;
  },
): Promise<BankCreditClaim> => {
  const [row] = await tx.insert(bankCreditClaims).values(claim).returning();
  return row!;
};

/** What the claim became: the repayment's ledger row, or the approval it waits on. */
export const attachClaim = async (tx: Db, claimId: number, link: { ledgerEntryId?: number; approvalId?: number }): Promise<void> => {
  await tx.update(bankCreditClaims).set(link).where(eq(bankCreditClaims.id, claimId));
};

/** The claim waiting on an approval. */
export const claimOfApproval = async (tx: Db, approvalId: number): Promise<BankCreditClaim | null> => {
  const [claim] = await tx.select().from(bankCreditClaims).where(eq(bankCreditClaims.approvalId, approvalId)).limit(1);
  return claim ?? null;
};

/** The reference is free again (its request rejected, its repayment reversed): the credit may repay the right loan. */
export const releaseClaim = async (tx: Db, claimId: number, at: Date): Promise<void> => {
  await tx
    .update(bankCreditClaims)
    .set({ releasedAt: at })
    .where(and(eq(bankCreditClaims.id, claimId), isNull(bankCreditClaims.releasedAt)));
};
