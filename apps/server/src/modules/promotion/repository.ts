/** Landing templates, tracking events, captcha sessions and registrations (registration codes are the otp module's). Every method takes an optional transaction. */
import type { Market } from '@kilat/contract';
import { and, asc, eq, gt, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import {
  borrowers,
  captchaSessions,
  type LandingTemplate,
  landingTemplates,
  promotionEvents,
  type registrationCodes,
  registrations,
} from '../../db/schema.js';

export type RegistrationCode = typeof registrationCodes.$inferSelect;
export type LandingTemplateInput = Omit<typeof landingTemplates.$inferInsert, 'createdAt'> & { id: string };

export class PromotionRepository {
  constructor(readonly db: Db) {}

  async findTemplate(id: string, tx: Db = this.db): Promise<LandingTemplate | null> {
    const [row] = await tx
      .select()
      .from(landingTemplates)
      .where(and(eq(landingTemplates.id, id), eq(landingTemplates.active, true)))
      .limit(1);
    return row ?? null;
  }

  /** Every template, offered or not, for the console's products screen (decision 167). */
  async listTemplates(tx: Db = this.db): Promise<LandingTemplate[]> {
    return tx.select().from(landingTemplates).orderBy(asc(landingTemplates.market), asc(landingTemplates.id));
  }

  /** A template, offered or not, locked for the change that reads it. */
  async findTemplateForChange(id: string, tx: Db = this.db): Promise<LandingTemplate | null> {
    const [row] = await tx.select().from(landingTemplates).where(eq(landingTemplates.id, id)).limit(1).for('update');
    return row ?? null;
  }

  /** Adds a template; null when one of that id exists (the primary key decides). */
  async addTemplate(template: LandingTemplateInput, tx: Db = this.db): Promise<LandingTemplate | null> {
    const rows = await tx.insert(landingTemplates).values(template).onConflictDoNothing().returning();
    return rows[0] ?? null;
  }

  async changeTemplate({ id, ...template }: LandingTemplateInput, tx: Db = this.db): Promise<LandingTemplate> {
    const [row] = await tx.update(landingTemplates).set(template).where(eq(landingTemplates.id, id)).returning();
    return row!;
  }

  async insertEvent(event: typeof promotionEvents.$inferInsert, tx: Db = this.db): Promise<void> {
    await tx.insert(promotionEvents).values(event);
  }

  async insertCaptchaSession(sid: string, expiresAt: Date, now: Date, tx: Db = this.db): Promise<void> {
    await tx.insert(captchaSessions).values({ sid, expiresAt, createdAt: now });
  }

  /** Sessions whose captcha died long ago are of no use to anyone. */
  async deleteCaptchaSessionsExpiredBefore(instant: Date, tx: Db = this.db): Promise<void> {
    await tx.delete(captchaSessions).where(lt(captchaSessions.expiresAt, instant));
  }

  /** A new text for the session: fresh again, with a new expiry. False when the session does not exist. */
  async renewCaptcha(sid: string, textHash: string, expiresAt: Date, tx: Db = this.db): Promise<boolean> {
    const rows = await tx
      .update(captchaSessions)
      .set({ textHash, state: 'fresh', phone: null, expiresAt })
      .where(eq(captchaSessions.sid, sid))
      .returning({ sid: captchaSessions.sid });
    return rows.length === 1;
  }

  /**
   * Spends the captcha in one statement, so that two checks at once cannot both use it, and
   * answers the hash to compare with; null when there was nothing usable to spend. `phone`
   * also accepts a captcha that passed get-sms for that phone (register's check).
   */
  async spendCaptcha(sid: string, now: Date, passedFor: string | null, tx: Db = this.db): Promise<string | null> {
    const usable =
      passedFor === null
        ? eq(captchaSessions.state, 'fresh')
        : or(eq(captchaSessions.state, 'fresh'), and(eq(captchaSessions.state, 'passed'), eq(captchaSessions.phone, passedFor)));
    const rows = await tx
      .update(captchaSessions)
      .set({ state: 'spent' })
      .where(and(eq(captchaSessions.sid, sid), isNotNull(captchaSessions.textHash), gt(captchaSessions.expiresAt, now), usable))
      .returning({ textHash: captchaSessions.textHash });
    return rows[0]?.textHash ?? null;
  }

  async markCaptchaPassed(sid: string, phone: string, tx: Db = this.db): Promise<void> {
    await tx.update(captchaSessions).set({ state: 'passed', phone }).where(eq(captchaSessions.sid, sid));
  }

  async isRegistered(market: Market, phone: string, tx: Db = this.db): Promise<boolean> {
    const [row] = await tx
      .select({ id: borrowers.id })
      .from(borrowers)
      .where(and(eq(borrowers.market, market), eq(borrowers.phone, phone)))
      .limit(1);
    return row !== undefined;
  }

  /** Creates the borrower; null when the phone was registered first by someone else (the unique key decides). */
  async insertBorrower(borrower: { market: Market; phone: string; name: string }, tx: Db = this.db): Promise<number | null> {
    const rows = await tx.insert(borrowers).values(borrower).onConflictDoNothing().returning({ id: borrowers.id });
    return rows[0]?.id ?? null;
  }

  async insertRegistration(registration: typeof registrations.$inferInsert, tx: Db = this.db): Promise<void> {
    await tx.insert(registrations).values(registration);
  }
}
