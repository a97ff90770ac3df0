/**
 * What API tests share about the loan following the money (issue 28): a disbursal account for a
 * borrower, and the money of approved loans landing — the decision's time passes and the payout
 * job runs through the sandbox, which pays an account ending in anything but 9001–9007 at once.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { borrowers, disbursalAccounts } from '../db/schema.js';
import { SandboxDemoAccounts } from '../modules/dev/seed/demo.js';
import type { TestApp } from './app.js';

/**
 * Gives the borrower a new active, validated sandbox account ending in `last4` (the earlier one is
 * replaced), as the disbursal-accounts module leaves it once the gateway validated it. Answers its id.
 */
export const giveDisbursalAccount = async (
  t: TestApp,
  borrowerId: number,
  last4: string = SandboxDemoAccounts.last4,
  /** a real gateway's account: its name and the id it keeps the account under (RazorpayX `fa_…`) */
  at: { gateway: string; gatewayAccountId: string | null } = { gateway: 'sandbox', gatewayAccountId: null },
): Promise<number> =>
  t.database.db.transaction(async (tx) => {
    const [borrower] = await tx.select().from(borrowers).where(eq(borrowers.id, borrowerId));
    if (!borrower) throw new Error(`no borrower ${borrowerId}`);
    await tx
      .update(disbursalAccounts)
      .set({ replacedAt: t.clock.now() })
      .where(and(eq(disbursalAccounts.borrowerId, borrowerId), isNull(disbursalAccounts.replacedAt)));
    const shape = SandboxDemoAccounts[borrower.market];
    const [row] = await tx
      .insert(disbursalAccounts)
      .values({
        borrowerId,
        market: borrower.market,
        kind: 'bank',
        channelCode: shape.channelCode,
        bankName: shape.bankName,
        holderName: borrower.name,
        last4,
        gateway: at.gateway,
        gatewayAccountId: at.gatewayAccountId,
        validationStatus: 'valid',
        registeredName: borrower.name,
        nameMatchScore: 100,
        validatedAt: t.clock.now(),
      })
      .returning({ id: disbursalAccounts.id });
    return row!.id;
  });

/** The payout job runs: the approved loans' money lands (the sandbox pays at once). */
export const payOutApproved = async (t: TestApp) => {
  return t.app.disbursal.run(t.clock.now());
};
