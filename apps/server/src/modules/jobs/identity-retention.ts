/**
 * Identity retention (decisions 153 and 171): a borrower's identity records — every identity check
 * with its sealed PAN or NIK, last fours, the Aadhaar's last four and the provider's reference (which
 * stands for the Aadhaar number), the names and birth dates entered and read — and their identity
 * images (selfie, KTP photo) in the object store are deleted five years after the relationship
 * ended, as docs/borrower-app.md states (RBI's KYC Master Direction, OJK's AML rule).
 *
 * The relationship ends when the borrower has no loan or application open (every order closed,
 * cancelled, withdrawn or rejected) and it ended at the latest moment anything of theirs happened:
 * an order's application, decision, disbursal, cancel, withdrawal or close, an identity check or
 * image. Kilat has no account deletion, so an account alone keeps nothing (decision 171).
 *
 * Per borrower, the images are removed from the object store first (a missing one is no error), then
 * the image rows and the checks are deleted and an audit row written in one transaction: a run that
 * stops between the two finds the borrower again and finishes. The audit row names what was deleted
 * (check ids, kinds, statuses, dates, image count), never the data itself.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database.js';
import { auditLog, uploads } from '../../db/schema.js';
import { identityChecks } from '../identity/table.js';
import type { Job } from './scheduler.js';

export const IDENTITY_RETENTION_JOB = 'identity-retention';
/** Years identity data is kept after the relationship ends (decision 153). */
export const IDENTITY_RETENTION_YEARS = 5;
/** Borrowers purged per run; the next run takes the rest. */
const BATCH = 200;

/** Where identity images are deleted from: the uploads' object store. */
export interface IdentityImageStore {
  removeObject(name: string): Promise<void>;
}

/** The instant `years` calendar years before `now` (29 February falls to 1 March). */
export const yearsBefore = (now: Date, years: number): Date => {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
};

export interface IdentityRetentionResult extends Record<string, unknown> {
  borrowers: number;
  checks: number;
  images: number;
}

/**
 * The borrowers with identity data whose relationship ended before `cutoff`: no open order, and
 * nothing of theirs later than the cutoff.
 */
const dueBorrowers = async (db: Db, cutoff: Date): Promise<number[]> => {
  const rows = rowsOf<{ borrower_id: string | number }>(
    await db.execute(sql`
      WITH held AS (
        SELECT borrower_id FROM identity_checks
        UNION SELECT borrower_id FROM uploads WHERE purpose = 'identity' AND borrower_id IS NOT NULL
      )
      SELECT h.borrower_id FROM held h
      WHERE NOT EXISTS (
          SELECT 1 FROM orders o WHERE o.borrower_id = h.borrower_id
            AND o.closed_on IS NULL AND o.cancelled_at IS NULL AND o.withdrawn_at IS NULL
            AND o.decision IS DISTINCT FROM 'rejected')
        AND NOT EXISTS (
          SELECT 1 FROM orders o WHERE o.borrower_id = h.borrower_id
            AND GREATEST(o.applied_at, o.decided_at, o.disbursed_at, o.cancelled_at, o.withdrawn_at,
                         (o.closed_on + 1)::timestamp AT TIME ZONE 'UTC') >= ${cutoff})
        AND NOT EXISTS (
          SELECT 1 FROM identity_checks c WHERE c.borrower_id = h.borrower_id
            AND GREATEST(c.created_at, c.decided_at, c.replaced_at) >= ${cutoff})
        AND NOT EXISTS (
          SELECT 1 FROM uploads u WHERE u.borrower_id = h.borrower_id AND u.purpose = 'identity' AND u.created_at >= ${cutoff})
      ORDER BY h.borrower_id
      LIMIT ${BATCH}`),
  );
  return rows.map((row) => Number(row.borrower_id));
};

/** Deletes the identity data whose retention has passed at `now`; answers how much. */
export const purgeExpiredIdentities = async (db: Db, store: IdentityImageStore, now: Date): Promise<IdentityRetentionResult> => {
  const cutoff = yearsBefore(now, IDENTITY_RETENTION_YEARS);
  const result: IdentityRetentionResult = { borrowers: 0, checks: 0, images: 0 };
  for (const borrowerId of await dueBorrowers(db, cutoff)) {
    const images = await db
      .select({ id: uploads.id, name: uploads.name })
      .from(uploads)
      .where(and(eq(uploads.borrowerId, borrowerId), eq(uploads.purpose, 'identity')));
    // the checks name their images too (an image row lost before would leave its object behind)
    const checks = await db.select().from(identityChecks).where(eq(identityChecks.borrowerId, borrowerId));
    const names = new Set(images.map((image) => image.name));
    for (const check of checks) {
      names.add(check.selfieUpload);
      if (check.documentUpload) names.add(check.documentUpload);
    }
    for (const name of names) await store.removeObject(name);
    await db.transaction(async (tx) => {
      if (images.length > 0)
        await tx.delete(uploads).where(
          inArray(
            uploads.id,
            images.map((image) => image.id),
          ),
        );
      await tx.delete(identityChecks).where(eq(identityChecks.borrowerId, borrowerId));
      await tx.insert(auditLog).values({
        operatorId: null,
        action: 'identity.purge',
        targetType: 'borrower',
        targetId: String(borrowerId),
        before: {
          checks: checks.map((check) => ({
            id: check.id,
            documentKind: check.documentKind,
            status: check.status,
            createdAt: check.createdAt.toISOString(),
          })),
          images: names.size,
        },
        after: { deleted: true, retentionYears: IDENTITY_RETENTION_YEARS, endedBefore: cutoff.toISOString() },
        requestId: `job:${IDENTITY_RETENTION_JOB}`,
      });
    });
    result.borrowers += 1;
    result.checks += checks.length;
    result.images += names.size;
  }
  return result;
};

export const identityRetentionJob = (db: Db, store: IdentityImageStore, everyMs: number): Job => ({
  name: IDENTITY_RETENTION_JOB,
  everyMs,
  run: ({ now }) => purgeExpiredIdentities(db, store, now),
});
