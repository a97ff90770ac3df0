/**
 * Operators' sign-in (issue 18): password (argon2id) and TOTP, lockout after repeated failures,
 * cookie sessions with a CSRF token and an idle expiry. Each outcome is audited with its change.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { ConsoleCode, type CreateOperatorRequest, type OperatorView, type SignInRequest } from '@kilat/contract/console';
import { and, eq, lt } from 'drizzle-orm';
import { newSessionToken, sha256 } from '../../crypto.js';
import type { Db } from '../../db/database.js';
import { type Operator, operators } from '../../db/schema.js';
import type { Clock } from '../../lending/clock.js';
import type { AuditLog } from './audit.js';
import { ConsoleError } from './console-error.js';
import { checkTotp, decoyHash, hashPassword, newTotpSecret, passwordMatches, totpUri } from './credentials.js';
import type { OperatorsRepository } from './operators-repository.js';

/** Five wrong sign-ins in a row lock the account for 15 minutes. */
export const Lockout = { maxFailures: 5, minutes: 15 } as const;

export interface ConsoleSessionSettings {
  idleMinutes: number;
  sessionHours: number;
}

export interface SignedIn {
  token: string;
  csrfToken: string;
  operator: Operator;
}

export interface AuthenticatedOperator {
  operator: Operator;
  tokenHash: string;
  csrfToken: string;
}

export const operatorView = (operator: Pick<Operator, 'id' | 'email' | 'name' | 'role'>): OperatorView => ({
  id: operator.id,
  email: operator.email,
  name: operator.name,
  role: operator.role,
});

const MINUTE_MS = 60_000;
// a session's last-seen time is written at most this often: one write a minute, not one a request
const TOUCH_EVERY_MS = MINUTE_MS;

const refused = () => new ConsoleError(ConsoleCode.SignInRefused, 'Email, password or code is wrong.', 401);
const locked = (until: Date) =>
  new ConsoleError(ConsoleCode.Locked, `Too many failed sign-ins: locked until ${until.toISOString().slice(11, 16)} UTC.`, 423);
const replayed = () => new ConsoleError(ConsoleCode.CodeReplayed, 'This code was already used: wait for the next one.', 401);

export const sameToken = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export class OperatorAuth {
  constructor(
    private readonly db: Db,
    private readonly repository: OperatorsRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly settings: ConsoleSessionSettings,
  ) {}

  async signIn(input: SignInRequest, requestId: string): Promise<SignedIn> {
    const now = this.clock.now();
    const operator = await this.repository.byEmail(input.email);
    if (!operator || operator.disabledAt) {
      await passwordMatches(await decoyHash(), input.password);
      await this.db.transaction((tx) =>
        this.audit.append(tx, {
          operatorId: null,
          action: 'sign-in.refused',
          targetType: 'operator',
          targetId: input.email.toLowerCase(),
          after: { reason: operator ? 'disabled' : 'unknown' },
          requestId,
        }),
      );
      throw refused();
    }
    if (operator.lockedUntil && operator.lockedUntil > now) {
      await this.db.transaction((tx) =>
        this.audit.append(tx, {
          operatorId: operator.id,
          action: 'sign-in.refused',
          targetType: 'operator',
          targetId: operator.id,
          after: { reason: 'locked' },
          requestId,
        }),
      );
      throw locked(operator.lockedUntil);
    }
    const passwordOk = await passwordMatches(operator.passwordHash, input.password);
    const totp = await checkTotp(operator.totpSecret, input.code, operator.lastTotpStep, now);
    if (passwordOk && totp.ok) {
      const signedIn = await this.db.transaction(async (tx) => {
        // the step moves forward only once: two sign-ins racing with one code cannot both pass
        const moved = await tx
          .update(operators)
          .set({ lastTotpStep: totp.step, failedAttempts: 0, lockedUntil: null })
          .where(and(eq(operators.id, operator.id), lt(operators.lastTotpStep, totp.step)))
          .returning({ id: operators.id });
        if (moved.length === 0) return null;
        const token = newSessionToken();
        const csrfToken = randomBytes(32).toString('base64url');
        await this.repository.insertSession(
          {
            tokenHash: sha256(token),
            operatorId: operator.id,
            csrfToken,
            lastSeenAt: now,
            expiresAt: new Date(now.getTime() + this.settings.sessionHours * 60 * MINUTE_MS),
            createdAt: now,
          },
          tx,
        );
        await this.audit.append(tx, {
          operatorId: operator.id,
          action: 'sign-in',
          targetType: 'operator',
          targetId: operator.id,
          requestId,
        });
        return { token, csrfToken, operator };
      });
      if (signedIn) return signedIn;
      return this.fail(operator, 'replay', requestId, now);
    }
    return this.fail(operator, !passwordOk ? 'password' : !totp.ok && totp.replayed ? 'replay' : 'code', requestId, now);
  }

  private async fail(operator: Operator, reason: 'password' | 'code' | 'replay', requestId: string, now: Date): Promise<never> {
    const failedAttempts = operator.failedAttempts + 1;
    const locks = failedAttempts >= Lockout.maxFailures;
    const lockedUntil = locks ? new Date(now.getTime() + Lockout.minutes * MINUTE_MS) : null;
    await this.db.transaction(async (tx) => {
      await this.repository.update(operator.id, { failedAttempts: locks ? 0 : failedAttempts, lockedUntil }, tx);
      await this.audit.append(tx, {
        operatorId: operator.id,
        action: locks ? 'operator.locked' : 'sign-in.refused',
        targetType: 'operator',
        targetId: operator.id,
        before: { failedAttempts: operator.failedAttempts },
        after: { reason, failedAttempts, lockedUntil: lockedUntil?.toISOString() ?? null },
        requestId,
      });
    });
    if (lockedUntil) throw locked(lockedUntil);
    throw reason === 'replay' ? replayed() : refused();
  }

  /** The operator of a live session token; a session idle too long is ended. */
  async authenticate(token: string | null): Promise<AuthenticatedOperator | null> {
    if (!token) return null;
    const now = this.clock.now();
    const tokenHash = sha256(token);
    const found = await this.repository.session(tokenHash, now);
    if (!found || found.operator.disabledAt) return null;
    const idleMs = now.getTime() - found.session.lastSeenAt.getTime();
    if (idleMs > this.settings.idleMinutes * MINUTE_MS) {
      await this.repository.deleteSession(tokenHash);
      return null;
    }
    if (idleMs > TOUCH_EVERY_MS) await this.repository.touchSession(tokenHash, now);
    return { operator: found.operator, tokenHash, csrfToken: found.session.csrfToken };
  }

  async signOut(current: AuthenticatedOperator, requestId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.repository.deleteSession(current.tokenHash, tx);
      await this.audit.append(tx, {
        operatorId: current.operator.id,
        action: 'sign-out',
        targetType: 'operator',
        targetId: current.operator.id,
        requestId,
      });
    });
  }

  /** A new operator with a fresh TOTP secret, shown once; `actorId` null is the ops command. */
  async createOperator(input: CreateOperatorRequest, actorId: number | null, requestId: string, givenSecret?: string) {
    const email = input.email.toLowerCase();
    const totpSecret = givenSecret ?? (await newTotpSecret());
    if (await this.repository.byEmail(email)) throw ConsoleError.conflict('An operator with this email exists.');
    const passwordHash = await hashPassword(input.password);
    const operator = await this.db.transaction(async (tx) => {
      const created = await this.repository.insert(
        { email, name: input.name, role: input.role as Operator['role'], passwordHash, totpSecret, createdAt: this.clock.now() },
        tx,
      );
      await this.audit.append(tx, {
        operatorId: actorId,
        action: 'operator.create',
        targetType: 'operator',
        targetId: created.id,
        after: operatorView(created),
        requestId,
      });
      return created;
    });
    return { ...operatorView(operator), totpSecret, otpauthUri: await totpUri(email, totpSecret) };
  }
}
