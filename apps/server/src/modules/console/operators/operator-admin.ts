/**
 * Operators managed by admins (issue 31 item 5, decision 155): add, change role, disable and enable,
 * unlock, and reset. A new or reset operator gets a one-time enrolment link where they set their own
 * password and TOTP: the admin never sees either. Every change is audited in its transaction.
 */
import { ResultCode } from '@kilat/contract';
import {
  ConsoleCode,
  type CreateOperatorRequest,
  type EnrolmentLink,
  type EnrolmentView,
  type OperatorListItem,
  type OperatorRole,
  operatorPasswordProblem,
} from '@kilat/contract/console';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { newSessionToken, sha256 } from '../../../crypto.js';
import type { Db } from '../../../db/database.js';
import { type Operator, operatorEnrolments } from '../../../db/schema.js';
import type { Clock } from '../../../lending/clock.js';
import { qrImageOf } from '../../payments/upi.js';
import type { AuditLog } from '../shared/audit.js';
import { ConsoleError } from '../shared/console-error.js';
import type { OperatorsRepository } from '../shared/operators-repository.js';
import type { Actor } from '../shared/session.js';
import { operatorView } from '../shared/session.js';
import { checkTotp, hashPassword, newTotpSecret, totpUri } from './credentials.js';
import type { SignInLimits } from './sign-in-limits.js';

/** An enrolment link works once, for this long. */
export const ENROLMENT_HOURS = 72;
export const ENROLMENT_PATH = '/console/enrol';

const invalidLink = () =>
  new ConsoleError(
    ConsoleCode.EnrolmentLinkInvalid,
    'This enrolment link is not valid: it was used, replaced by a newer one, or it expired. Ask an admin for a new one.',
    410,
  );

export class OperatorAdmin {
  constructor(
    private readonly db: Db,
    private readonly repository: OperatorsRepository,
    private readonly limits: SignInLimits,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async list(): Promise<OperatorListItem[]> {
    const [rows, locked] = await Promise.all([this.repository.list(), this.limits.lockedAccounts(this.clock.now())]);
    return rows.map((operator) => ({
      ...operatorView(operator),
      disabled: operator.disabledAt !== null,
      lockedUntil: locked.get(operator.email)?.toISOString() ?? null,
      enrolled: operator.passwordHash !== null && operator.totpSecret !== null,
    }));
  }

  /** A new operator without password or TOTP, and the link where they set both. */
  async invite(actor: Actor, input: CreateOperatorRequest): Promise<EnrolmentLink> {
    const email = input.email.toLowerCase();
    if (await this.repository.byEmail(email)) throw ConsoleError.conflict('An operator with this email exists.');
    return this.db.transaction(async (tx) => {
      const created = await this.repository.insert(
        { email, name: input.name, role: input.role as OperatorRole, passwordHash: null, totpSecret: null, createdAt: this.clock.now() },
        tx,
      );
      await this.audit.append(tx, {
        operatorId: actor.operator.id,
        action: 'operator.create',
        targetType: 'operator',
        targetId: created.id,
        after: operatorView(created),
        requestId: actor.requestId,
      });
      return this.newLink(tx, created, actor.operator.id);
    });
  }

  /** Password and TOTP cleared, sessions ended, earlier links void, and a new link. */
  async reset(actor: Actor, id: number): Promise<EnrolmentLink> {
    const target = await this.other(actor, id);
    const before = await this.standing(target);
    return this.db.transaction(async (tx) => {
      await this.repository.update(id, { passwordHash: null, totpSecret: null, lastTotpStep: 0 }, tx);
      await this.repository.deleteSessionsOf(id, tx);
      await this.limits.clearAccount(target.email, tx);
      await this.audit.append(tx, {
        operatorId: actor.operator.id,
        action: 'operator.reset',
        targetType: 'operator',
        targetId: id,
        before,
        after: { ...before, enrolled: false, lockedUntil: null, sessionsEnded: true },
        requestId: actor.requestId,
      });
      return this.newLink(tx, target, actor.operator.id);
    });
  }

  async setRole(actor: Actor, id: number, role: OperatorRole): Promise<void> {
    const target = await this.other(actor, id);
    if (target.role === role) return;
    await this.db.transaction(async (tx) => {
      const standing = await this.standing(target, tx);
      // permissions are read with the session on every request: the new role counts from the next one
      await this.repository.update(id, { role }, tx);
      await this.audit.append(tx, {
        operatorId: actor.operator.id,
        action: 'operator.role',
        targetType: 'operator',
        targetId: id,
        before: standing,
        after: { ...standing, role },
        requestId: actor.requestId,
      });
    });
  }

  /** Disabling ends every session of the operator at once: sessions are read from the database on every request. */
  async setDisabled(actor: Actor, id: number, disabled: boolean): Promise<void> {
    const target = await this.other(actor, id);
    if ((target.disabledAt !== null) === disabled) return;
    const before = await this.standing(target);
    await this.db.transaction(async (tx) => {
      await this.repository.update(id, { disabledAt: disabled ? this.clock.now() : null }, tx);
      if (disabled) await this.repository.deleteSessionsOf(id, tx);
      await this.audit.append(tx, {
        operatorId: actor.operator.id,
        action: disabled ? 'operator.disable' : 'operator.enable',
        targetType: 'operator',
        targetId: id,
        before,
        after: { ...before, disabled, ...(disabled ? { sessionsEnded: true } : {}) },
        requestId: actor.requestId,
      });
    });
  }

  async unlock(actor: Actor, id: number): Promise<void> {
    const target = await this.repository.byId(id);
    if (!target) throw ConsoleError.notFound();
    const before = await this.standing(target);
    await this.db.transaction(async (tx) => {
      await this.limits.clearAccount(target.email, tx);
      await this.audit.append(tx, {
        operatorId: actor.operator.id,
        action: 'operator.unlock',
        targetType: 'operator',
        targetId: id,
        before,
        after: { ...before, lockedUntil: null },
        requestId: actor.requestId,
      });
    });
  }

  /** What the operator who opened their link sees: who they are and the TOTP secret to add. */
  async open(token: string): Promise<EnrolmentView> {
    const link = await this.liveLink(token);
    const operator = await this.repository.byId(link.operatorId);
    if (!operator || operator.disabledAt) throw invalidLink();
    const uri = await totpUri(operator.email, link.totpSecret);
    return {
      email: operator.email,
      name: operator.name,
      totpSecret: link.totpSecret,
      otpauthUri: uri,
      otpauthQr: qrImageOf(uri),
      expiresAt: link.expiresAt.toISOString(),
    };
  }

  /** The operator sets their password and proves their authenticator with a code: the link is spent. */
  async enrol(input: { token: string; password: string; code: string }, requestId: string): Promise<void> {
    const now = this.clock.now();
    const link = await this.liveLink(input.token);
    // a password long enough but guessed at once is refused by rule, whatever the page let through (decision 278)
    const owner = await this.repository.byId(link.operatorId);
    const problem = operatorPasswordProblem(input.password, owner?.email);
    if (problem) throw new ConsoleError(ResultCode.InvalidRequest, problem, 400);
    const totp = await checkTotp(link.totpSecret, input.code, 0, now);
    if (!totp.ok) throw ConsoleError.invalid('code (it does not match the secret: check the authenticator app and the clock)');
    const passwordHash = await hashPassword(input.password);
    await this.db.transaction(async (tx) => {
      // spent once: two submissions racing with the same link cannot both enrol
      const spent = await tx
        .update(operatorEnrolments)
        .set({ usedAt: now })
        .where(
          and(eq(operatorEnrolments.tokenHash, link.tokenHash), isNull(operatorEnrolments.usedAt), gt(operatorEnrolments.expiresAt, now)),
        )
        .returning({ operatorId: operatorEnrolments.operatorId });
      if (spent.length === 0) throw invalidLink();
      const operator = await this.repository.byId(link.operatorId, tx);
      if (!operator || operator.disabledAt) throw invalidLink();
      await this.repository.update(operator.id, { passwordHash, totpSecret: link.totpSecret, lastTotpStep: totp.step }, tx);
      await this.limits.clearAccount(operator.email, tx);
      await this.audit.append(tx, {
        operatorId: operator.id,
        action: 'operator.enrol',
        targetType: 'operator',
        targetId: operator.id,
        requestId,
      });
    });
  }

  /** What an operator change touches, as its audit row's before and after (decision 277). */
  private async standing(operator: Operator, tx: Db = this.db) {
    const locked = (await this.limits.lockedAccounts(this.clock.now(), tx)).get(operator.email);
    return {
      role: operator.role,
      disabled: operator.disabledAt !== null,
      enrolled: operator.passwordHash !== null && operator.totpSecret !== null,
      lockedUntil: locked?.toISOString() ?? null,
    };
  }

  /** An admin changes other operators only: no one disables, demotes or resets themself out of the console. */
  private async other(actor: Actor, id: number): Promise<Operator> {
    if (id === actor.operator.id) throw ConsoleError.conflict('Your own account is changed by another admin.');
    const target = await this.repository.byId(id);
    if (!target) throw ConsoleError.notFound();
    return target;
  }

  private async liveLink(token: string) {
    const [link] = await this.db
      .select()
      .from(operatorEnrolments)
      .where(eq(operatorEnrolments.tokenHash, sha256(token)))
      .limit(1);
    if (!link || link.usedAt || link.expiresAt <= this.clock.now()) throw invalidLink();
    return link;
  }

  /** A fresh link; the operator's earlier unused links stop working. */
  private async newLink(tx: Db, operator: Operator, createdBy: number): Promise<EnrolmentLink> {
    const now = this.clock.now();
    await tx
      .update(operatorEnrolments)
      .set({ usedAt: now })
      .where(and(eq(operatorEnrolments.operatorId, operator.id), isNull(operatorEnrolments.usedAt)));
    const token = newSessionToken();
    const expiresAt = new Date(now.getTime() + ENROLMENT_HOURS * 3_600_000);
    await tx.insert(operatorEnrolments).values({
      tokenHash: sha256(token),
      operatorId: operator.id,
      totpSecret: await newTotpSecret(),
      expiresAt,
      createdBy,
      createdAt: now,
    });
    return { operator: operatorView(operator), enrolmentPath: `${ENROLMENT_PATH}#${token}`, expiresAt: expiresAt.toISOString() };
  }
}
