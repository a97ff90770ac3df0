/**
 * Operators' sign-in (issue 18): password (argon2id) and TOTP, lockout after repeated failures,
 * cookie sessions with a CSRF token and an idle expiry. Each outcome is audited with its change.
 */
import { randomBytes } from 'node:crypto';
import { ConsoleCode, type CreateOperatorRequest, type SignInRequest } from '@kilat/contract/console';
import { and, eq, lt } from 'drizzle-orm';
import { newSessionToken, sha256 } from '../../../crypto.js';
import type { Db } from '../../../db/database.js';
import { type Operator, operators } from '../../../db/schema.js';
import type { Clock } from '../../../lending/clock.js';
import type { AuditLog } from '../shared/audit.js';
import { ConsoleError } from '../shared/console-error.js';
import type { OperatorsRepository } from '../shared/operators-repository.js';
import { type AuthenticatedOperator, operatorView } from '../shared/session.js';
import { checkTotp, decoyHash, hashPassword, newTotpSecret, passwordMatches, totpUri } from './credentials.js';
import type { Attempt, SignInLimits } from './sign-in-limits.js';

export interface SignInContext {
  requestId: string;
  /** the client's address as the trusted proxy reports it */
  address: string;
  /** the User-Agent header */
  agent: string;
}

export interface ConsoleSessionSettings {
  idleMinutes: number;
  sessionHours: number;
}

export interface SignedIn {
  token: string;
  csrfToken: string;
  operator: Operator;
}

const MINUTE_MS = 60_000;
// a session's last-seen time is written at most this often: one write a minute, not one a request
const TOUCH_EVERY_MS = MINUTE_MS;

const refused = () => new ConsoleError(ConsoleCode.SignInRefused, 'Email, password or code is wrong.', 401);
// one answer for an account and an address, known or not
const locked = (until: Date) =>
  new ConsoleError(ConsoleCode.Locked, `Too many failed sign-ins: try again after ${until.toISOString().slice(11, 16)} UTC.`, 423);
const replayed = () => new ConsoleError(ConsoleCode.CodeReplayed, 'This code was already used: wait for the next one.', 401);

export class OperatorAuth {
  constructor(
    private readonly db: Db,
    private readonly repository: OperatorsRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly settings: ConsoleSessionSettings,
    private readonly limits: SignInLimits,
  ) {}

  async signIn(input: SignInRequest, context: SignInContext): Promise<SignedIn> {
    const now = this.clock.now();
    const attempt = { account: input.email.toLowerCase(), address: context.address };
    // who tried from where, on every outcome
    const seen = { address: context.address, agent: context.agent.slice(0, 300) };
    const { requestId } = context;
    const lockedUntil = await this.limits.lockedUntil(attempt, now);
    if (lockedUntil) {
      await this.db.transaction((tx) =>
        this.audit.append(tx, {
          operatorId: null,
          action: 'sign-in.refused',
          targetType: 'operator',
          targetId: attempt.account,
          after: { reason: 'locked', ...seen },
          requestId,
        }),
      );
      throw locked(lockedUntil);
    }
    const operator = await this.repository.byEmail(input.email);
    if (!operator || operator.disabledAt || !operator.passwordHash || !operator.totpSecret) {
      // as long as a wrong password takes, and counted as one: an unknown email locks like a known one
      await passwordMatches(await decoyHash(), input.password);
      return this.fail(attempt, operator, operator ? (operator.disabledAt ? 'disabled' : 'not-enrolled') : 'unknown', seen, requestId, now);
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
        await this.limits.clearAccount(attempt.account, tx);
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
          after: seen,
          requestId,
        });
        return { token, csrfToken, operator };
      });
      if (signedIn) return signedIn;
      return this.fail(attempt, operator, 'replay', seen, requestId, now);
    }
    return this.fail(attempt, operator, !passwordOk ? 'password' : !totp.ok && totp.replayed ? 'replay' : 'code', seen, requestId, now);
  }

  private async fail(
    attempt: Attempt,
    operator: Operator | null,
    reason: 'password' | 'code' | 'replay' | 'unknown' | 'disabled' | 'not-enrolled',
    seen: { address: string; agent: string },
    requestId: string,
    now: Date,
  ): Promise<never> {
    const { accountLocked, addressLocked } = await this.db.transaction(async (tx) => {
      const reached = await this.limits.fail(attempt, now, tx);
      const lockedUntil = reached.accountLocked ?? reached.addressLocked;
      await this.audit.append(tx, {
        operatorId: operator?.id ?? null,
        action: reached.accountLocked && operator ? 'operator.locked' : 'sign-in.refused',
        targetType: 'operator',
        targetId: operator?.id ?? attempt.account,
        after: { reason, lockedUntil: lockedUntil?.toISOString() ?? null, addressLocked: reached.addressLocked !== null, ...seen },
        requestId,
      });
      return reached;
    });
    const lockedUntil = accountLocked ?? addressLocked;
    if (lockedUntil) throw locked(lockedUntil);
    // a replay is told only after the right password: it says nothing about the email
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

  /**
   * The ops command's operator (the first admin, typically), with the password it was given and a
   * fresh TOTP secret, printed once to the person running it; admins add the others by enrolment link.
   */
  async createOperator(
    input: CreateOperatorRequest & { password: string },
    actorId: number | null,
    requestId: string,
    givenSecret?: string,
  ) {
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
