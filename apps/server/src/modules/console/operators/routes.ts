/**
 * The operators room (issue 18, decision 155): sign-in and sign-out with the session cookie, the
 * operators' list and changes, the enrolment link's two calls, and reading the audit log.
 */
import {
  AuditQuerySchema,
  ChangeRoleRequestSchema,
  CreateOperatorRequestSchema,
  EnrolmentOpenRequestSchema,
  EnrolRequestSchema,
  IdParamsSchema,
  type OperatorRole,
  RolePermissions,
  type SessionData,
  SignInRequestSchema,
} from '@kilat/contract/console';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type ConsoleRoom, sessionCookie, CONSOLE_TAG as TAG } from '../shared/api.js';
import type { AuditLog } from '../shared/audit.js';
import { type AuthenticatedOperator, operatorView } from '../shared/session.js';
import type { OperatorAdmin } from './operator-admin.js';
import type { OperatorAuth } from './operator-auth.js';

export interface OperatorsRoomDeps {
  auth: OperatorAuth;
  operatorAdmin: OperatorAdmin;
  audit: AuditLog;
  idleMinutes: number;
}

export const operatorsRoom =
  (deps: OperatorsRoomDeps): ConsoleRoom =>
  (scope, { guard, actor, doc, ok }) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    const sessionData = (current: Pick<AuthenticatedOperator, 'operator' | 'csrfToken'>): SessionData => ({
      operator: operatorView(current.operator),
      permissions: [...RolePermissions[current.operator.role]],
      csrfToken: current.csrfToken,
      idleMinutes: deps.idleMinutes,
    });

    routes.post(
      '/session',
      {
        schema: {
          summary: 'Sign in with email, password and TOTP code; sets the session cookie',
          tags: [TAG],
          body: SignInRequestSchema,
        },
      },
      async (request, reply) => {
        const signedIn = await deps.auth.signIn(request.body, {
          requestId: String(request.id),
          address: request.ip,
          agent: String(request.headers['user-agent'] ?? ''),
        });
        reply.header('set-cookie', sessionCookie(request, signedIn.token)).header('cache-control', 'no-store');
        return ok(sessionData(signedIn));
      },
    );
    routes.get(
      '/session',
      { schema: doc('The signed-in operator, their permissions and CSRF token'), onRequest: guard('signed-in') },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(sessionData(request.operator!));
      },
    );
    routes.delete('/session', { schema: doc('Sign out'), onRequest: guard('signed-in') }, async (request, reply) => {
      await deps.auth.signOut(request.operator!, String(request.id));
      reply.header('set-cookie', sessionCookie(request, '', true));
      return ok(null);
    });

    routes.get('/operators', { schema: doc('Operators: role, disabled, locked, enrolled'), onRequest: guard('operators.read') }, async () =>
      ok(await deps.operatorAdmin.list()),
    );
    routes.post(
      '/operators',
      {
        schema: {
          ...doc('Add an operator; answers the one-time link where they set their own password and TOTP'),
          body: CreateOperatorRequestSchema,
        },
        onRequest: guard('operators.write'),
      },
      async (request) => ok(await deps.operatorAdmin.invite(actor(request), request.body)),
    );
    routes.post(
      '/operators/:id/role',
      {
        schema: { ...doc("Change another operator's role"), params: IdParamsSchema, body: ChangeRoleRequestSchema },
        onRequest: guard('operators.write'),
      },
      async (request) => {
        await deps.operatorAdmin.setRole(actor(request), request.params.id, request.body.role as OperatorRole);
        return ok(null);
      },
    );
    for (const [path, disabled] of [
      ['disable', true],
      ['enable', false],
    ] as const) {
      routes.post(
        `/operators/:id/${path}`,
        {
          schema: {
            ...doc(disabled ? 'Disable another operator: their sessions end at once' : 'Enable an operator again'),
            params: IdParamsSchema,
          },
          onRequest: guard('operators.write'),
        },
        async (request) => {
          await deps.operatorAdmin.setDisabled(actor(request), request.params.id, disabled);
          return ok(null);
        },
      );
    }
    routes.post(
      '/operators/:id/unlock',
      { schema: { ...doc("Clear an operator's failed sign-ins and lock"), params: IdParamsSchema }, onRequest: guard('operators.write') },
      async (request) => {
        await deps.operatorAdmin.unlock(actor(request), request.params.id);
        return ok(null);
      },
    );
    routes.post(
      '/operators/:id/reset',
      {
        schema: {
          ...doc("Clear another operator's password and TOTP, end their sessions; answers a new enrolment link"),
          params: IdParamsSchema,
        },
        onRequest: guard('operators.write'),
      },
      async (request) => ok(await deps.operatorAdmin.reset(actor(request), request.params.id)),
    );

    // the enrolment link's two calls: no session yet, the link's token is the credential
    routes.post(
      '/enrolment/open',
      { schema: { summary: 'Who an enrolment link is for, and the TOTP secret to add', tags: [TAG], body: EnrolmentOpenRequestSchema } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(await deps.operatorAdmin.open(request.body.token));
      },
    );
    routes.post(
      '/enrolment',
      { schema: { summary: 'Set your password and TOTP through your enrolment link, once', tags: [TAG], body: EnrolRequestSchema } },
      async (request) => {
        await deps.operatorAdmin.enrol(request.body, String(request.id));
        return ok(null);
      },
    );

    routes.get(
      '/audit',
      { schema: { ...doc('The audit log, newest first, filtered'), querystring: AuditQuerySchema }, onRequest: guard('audit.read') },
      async (request) => {
        const { page, from, to, ...filter } = request.query;
        const actions = await deps.audit.actions();
        const { rows, total } = await deps.audit.page(
          {
            ...filter,
            from: from ? new Date(`${from}T00:00:00Z`) : undefined,
            to: to ? new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000) : undefined,
          },
          page,
        );
        return ok({
          entries: rows.map(({ entry, operator }) => ({
            id: entry.id,
            createdAt: entry.createdAt.toISOString(),
            // the role held when they acted, kept on the row (decision 277); today's for rows written before it was kept
            operator: operator?.id
              ? operatorView({ ...operator, role: entry.operatorRole ?? operator.role } as Parameters<typeof operatorView>[0])
              : null,
            action: entry.action,
            targetType: entry.targetType,
            targetId: entry.targetId,
            before: entry.before,
            after: entry.after,
            requestId: entry.requestId,
          })),
          actions,
          total,
          page,
          pageSize: 50,
        });
      },
    );
  };
