/**
 * The console API under /console/api (issue 18), in the same OpenAPI document as the borrower's
 * calls. Every route names the permission it needs; the guard (onRequest, before any body is read)
 * refuses no session (401), a change without the session's CSRF token (403) and a wrong role (403).
 */
import { interpolate, isStorableText, Limits, ResultCode } from '@kilat/contract';
import {
  AssignRequestSchema,
  AuditQuerySchema,
  BorrowerSearchQuerySchema,
  ChangeRoleRequestSchema,
  CONSOLE_API_PREFIX,
  ComplaintQueueQuerySchema,
  CreateOperatorRequestSchema,
  CSRF_HEADER,
  can,
  EnrolmentOpenRequestSchema,
  EnrolRequestSchema,
  IdParamsSchema,
  MismatchQuerySchema,
  type OperatorRole,
  PayoutActionSchema,
  PayoutQuerySchema,
  type Permission,
  QaNodeCreateSchema,
  QaNodeMoveSchema,
  QaNodeUpdateSchema,
  REPLY_IMAGE_FIELD,
  ResolveMismatchSchema,
  ReviewDecisionSchema,
  RevokeSessionsRequestSchema,
  RolePermissions,
  type SessionData,
  SignInRequestSchema,
  TemplateQuerySchema,
  TemplateRequestSchema,
  WaiverRequestSchema,
} from '@kilat/contract/console';
import { enIN } from '@kilat/contract/texts/en-IN';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { withFileUploads } from '../../http/file-uploads.js';
import { registerCollectionsRoutes } from '../collections/routes.js';
import type { IdentityService } from '../identity/service.js';
import type { AuditLog } from './audit.js';
import type { BorrowerDesk } from './borrower-desk.js';
import { type CatalogueDesks, registerCatalogueRoutes } from './catalogue-routes.js';
import type { ChatbotEditor } from './chatbot-editor.js';
import { ConsoleError } from './console-error.js';
import type { Dashboard } from './dashboard.js';
import { registerDashboardRoutes } from './dashboard-routes.js';
import type { Actor, DeskService } from './desk-service.js';
import type { OperatorAdmin } from './operator-admin.js';
import { type AuthenticatedOperator, type OperatorAuth, operatorView, sameToken } from './operator-auth.js';
import type { OperatorsRepository } from './operators-repository.js';
import type { OrderActions } from './order-actions.js';
import { registerOrderActionRoutes } from './order-actions-routes.js';
import type { PayoutsDesk } from './payouts-desk.js';
import type { PenaltyWaivers } from './penalty-waivers.js';
import type { ProductDesk } from './products-desk.js';
import { registerProductRoutes } from './products-routes.js';
import type { ReviewService } from './review-service.js';

export const CONSOLE_COOKIE = 'kilat_console';

declare module 'fastify' {
  interface FastifyRequest {
    operator: AuthenticatedOperator | null;
  }
}

export interface ConsoleRouteDeps {
  auth: OperatorAuth;
  chatbot: ChatbotEditor;
  desk: DeskService;
  audit: AuditLog;
  /** where a read's audit row is written (a read has no transaction of its own) */
  auditDb: Db;
  operators: OperatorsRepository;
  /** a borrower's identity checks with signed links to their images (issue 29) */
  identity: Pick<IdentityService, 'checksOf'>;
  products: ProductDesk;
  payouts: PayoutsDesk;
  reviews: ReviewService;
  operatorAdmin: OperatorAdmin;
  borrowers: BorrowerDesk;
  waivers: PenaltyWaivers;
  idleMinutes: number;
  /** the recommended-products catalogue and the landing templates, on the products screen (decision 167) */
  catalogueDesks: CatalogueDesks;
  orderActions: OrderActions;
  dashboard: Dashboard;
}

const TAG = 'console';
const ok = (data: unknown) => ({ code: '00', message: 'success', data });

const cookieToken = (request: FastifyRequest): string | null => {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CONSOLE_COOKIE) return value.join('=') || null;
  }
  return null;
};

// Secure everywhere but a laptop: a browser refuses a Secure cookie over plain http://localhost in some versions
const isLocal = (request: FastifyRequest) => /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(request.headers.host ?? '');

const sessionCookie = (request: FastifyRequest, value: string, clear = false) =>
  [
    `${CONSOLE_COOKIE}=${value}`,
    'Path=/console',
    'HttpOnly',
    'SameSite=Strict',
    ...(isLocal(request) ? [] : ['Secure']),
    ...(clear ? ['Max-Age=0'] : []),
  ].join('; ');

const sendError = (reply: FastifyReply, error: ConsoleError) =>
  reply.code(error.httpStatus).header('cache-control', 'no-store').send({ code: error.code, message: error.message, data: null });

/** Validation failures name the fields; the upload pipeline's refusals keep their English text. */
const asConsoleError = (error: FastifyError): ConsoleError | null => {
  if (error instanceof ConsoleError) return error;
  if (error instanceof AppError) return new ConsoleError(error.code, interpolate(enIN[error.messageKey], error.values), error.httpStatus);
  if (error.validation) {
    const fields = [
      ...new Set(
        (error.validation as { instancePath?: string; params?: { missingProperty?: string } }[]).map(
          (issue) =>
            issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') ||
            issue.params?.missingProperty ||
            error.validationContext ||
            'body',
        ),
      ),
    ];
    return ConsoleError.invalid(fields.join(', '));
  }
  if (error.code === 'FST_FILES_LIMIT') return ConsoleError.invalid(`image (at most ${Limits.complaintImagesMax})`);
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return new ConsoleError(ResultCode.InvalidRequest, error.message, status);
  return null;
};

export const registerConsoleRoutes = async (app: FastifyInstance, deps: ConsoleRouteDeps) => {
  app.decorateRequest('operator', null);
  await app.register(
    async (scope) => {
      scope.setErrorHandler((error: FastifyError, request, reply) => {
        const known = asConsoleError(error);
        if (known) return sendError(reply, known);
        request.log.error({ err: error }, 'unexpected console failure');
        return sendError(reply, new ConsoleError(ResultCode.Internal, 'Something went wrong; the details are in the server log.', 500));
      });
      const routes = scope.withTypeProvider<ZodTypeProvider>();

      /** The guard: a session, then the CSRF token of any change, then the role. */
      const guard = (permission: Permission | 'signed-in') => async (request: FastifyRequest) => {
        const current = await deps.auth.authenticate(cookieToken(request));
        if (!current) throw ConsoleError.unauthenticated();
        // reads (GET and its HEAD) need no token; every change does
        if (request.method !== 'GET' && request.method !== 'HEAD') {
          const sent = request.headers[CSRF_HEADER];
          if (typeof sent !== 'string' || !sameToken(sent, current.csrfToken)) throw ConsoleError.csrf();
        }
        if (permission !== 'signed-in' && !can(current.operator.role, permission)) throw ConsoleError.role();
        request.operator = current;
      };
      const actor = (request: FastifyRequest): Actor => ({ operator: request.operator!.operator, requestId: String(request.id) });
      const doc = (summary: string) => ({ summary, tags: [TAG], security: [{ consoleSession: [] }] });
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

      routes.get(
        '/reviews',
        { schema: doc('Applications waiting for review, the nearest deadline first (issue 29)'), onRequest: guard('reviews.read') },
        async () => ok(await deps.reviews.queue()),
      );
      routes.post(
        '/reviews/:id/decide',
        {
          schema: {
            ...doc('Approve or reject an application waiting for review, with a reason'),
            params: IdParamsSchema,
            body: ReviewDecisionSchema,
          },
          onRequest: guard('reviews.decide'),
        },
        async (request) => ok(await deps.reviews.decide(actor(request), Number(request.params.id), request.body)),
      );
      routes.post(
        '/reviews/:id/confirm',
        {
          schema: {
            ...doc("Confirm another risk operator's approval of a rule exception (the maker never confirms their own)"),
            params: IdParamsSchema,
          },
          onRequest: guard('reviews.decide'),
        },
        async (request) => ok(await deps.reviews.confirm(actor(request), Number(request.params.id))),
      );

      routes.get('/problem-types', { schema: doc('Problem types and sub-types'), onRequest: guard('complaints.read') }, async () =>
        ok(await deps.desk.problemTypes()),
      );
      routes.get(
        '/complaints',
        {
          schema: { ...doc('The complaint queue, oldest first, with its SLA clock'), querystring: ComplaintQueueQuerySchema },
          onRequest: guard('complaints.read'),
        },
        async (request) => ok(await deps.desk.queue(actor(request), request.query)),
      );
      routes.get(
        '/complaints/:id',
        {
          schema: { ...doc('One complaint with its replies, the order and the chat history'), params: IdParamsSchema },
          onRequest: guard('complaints.read'),
        },
        async (request) => ok(await deps.desk.complaint(actor(request), request.params.id)),
      );
      routes.get(
        '/complaints/:id/ledger',
        {
          schema: {
            ...doc("The complaint's order ledger, replayed: each row's allocation and what is owed by period"),
            params: IdParamsSchema,
          },
          onRequest: guard('complaints.read'),
        },
        async (request) => ok(await deps.desk.ledger(actor(request), request.params.id)),
      );
      routes.get(
        '/borrowers/:id/identity',
        {
          schema: {
            ...doc("A borrower's identity checks, newest first, with short links to the documents and selfies"),
            params: IdParamsSchema,
          },
          onRequest: guard('identity.read'),
        },
        async (request, reply) => {
          const checks = await deps.identity.checksOf(request.params.id);
          // who looked at whose documents, kept as any other console action
          await deps.audit.append(deps.auditDb, {
            operatorId: request.operator!.operator.id,
            action: 'identity.read',
            targetType: 'borrower',
            targetId: request.params.id,
            requestId: String(request.id),
          });
          reply.header('cache-control', 'no-store');
          return ok({ checks });
        },
      );
      routes.post(
        '/complaints/:id/assign',
        {
          schema: { ...doc('Assign (or, operatorId null, unassign) a complaint'), params: IdParamsSchema, body: AssignRequestSchema },
          onRequest: guard('complaints.take'),
        },
        async (request) => {
          await deps.desk.assign(actor(request), request.params.id, request.body.operatorId);
          return ok(null);
        },
      );
      // the one console route that takes files, where multipart bodies are parsed (decision 169)
      void withFileUploads(scope, (files) =>
        files.withTypeProvider<ZodTypeProvider>().post(
          '/complaints/:id/reply',
          {
            schema: {
              ...doc(
                `Reply with text (field text, optional templateId) and up to ${Limits.complaintImagesMax} images (file parts named ${REPLY_IMAGE_FIELD})`,
              ),
              params: IdParamsSchema,
              consumes: ['multipart/form-data'],
            },
            onRequest: guard('complaints.reply'),
          },
          async (request) => {
            if (!request.isMultipart()) throw ConsoleError.invalid('body (multipart/form-data expected)');
            let text = '';
            let templateId: number | null = null;
            const images: Buffer[] = [];
            for await (const part of request.parts({ limits: { files: Limits.complaintImagesMax + 1, fileSize: Limits.uploadMaxBytes } })) {
              if (part.type === 'file') {
                if (part.fieldname !== REPLY_IMAGE_FIELD) {
                  part.file.resume();
                  throw ConsoleError.invalid(part.fieldname);
                }
                images.push(await part.toBuffer());
              } else if (part.fieldname === 'text') {
                text = String(part.value);
                // a multipart field is read here, not by a schema: the storable-text check of issue 32 is made here too
                if (!isStorableText(text)) throw ConsoleError.invalid('text');
              } else if (part.fieldname === 'templateId' && String(part.value) !== '') {
                if (!/^[1-9]\d{0,15}$/.test(String(part.value))) throw ConsoleError.invalid('templateId');
                templateId = Number(part.value);
              }
            }
            return ok(await deps.desk.reply(actor(request), request.params.id, { text, images, templateId }));
          },
        ),
      );
      for (const [path, closed] of [
        ['close', true],
        ['reopen', false],
      ] as const) {
        routes.post(
          `/complaints/:id/${path}`,
          {
            schema: { ...doc(`${closed ? 'Close' : 'Reopen'} a complaint`), params: IdParamsSchema },
            onRequest: guard('complaints.reply'),
          },
          async (request) => {
            await deps.desk.setClosed(actor(request), request.params.id, closed);
            return ok(null);
          },
        );
      }

      routes.get(
        '/templates',
        { schema: { ...doc('Reply templates, per problem type'), querystring: TemplateQuerySchema }, onRequest: guard('templates.read') },
        async (request) => ok(await deps.desk.templates(request.query.problemType)),
      );
      routes.post(
        '/templates',
        { schema: { ...doc('Add a reply template'), body: TemplateRequestSchema }, onRequest: guard('templates.write') },
        async (request) => ok(await deps.desk.saveTemplate(actor(request), null, request.body)),
      );
      routes.put(
        '/templates/:id',
        {
          schema: { ...doc('Change or retire a reply template'), params: IdParamsSchema, body: TemplateRequestSchema },
          onRequest: guard('templates.write'),
        },
        async (request) => ok(await deps.desk.saveTemplate(actor(request), request.params.id, request.body)),
      );

      routes.get(
        '/operators',
        { schema: doc('Operators: role, disabled, locked, enrolled'), onRequest: guard('operators.read') },
        async () => ok(await deps.operatorAdmin.list()),
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
      routes.get(
        '/borrowers',
        {
          schema: {
            ...doc("Borrowers by phone, order number, a name's first letters, or a card's or account's last four; by id, a page at a time"),
            querystring: BorrowerSearchQuerySchema,
          },
          onRequest: guard('borrowers.read'),
        },
        async (request) => ok(await deps.borrowers.search(request.query)),
      );
      routes.get(
        '/borrowers/:id',
        {
          schema: {
            ...doc('A borrower: orders, cards and accounts (masked), sessions, SMS, messages, complaints, chatbot records'),
            params: IdParamsSchema,
          },
          onRequest: guard('borrowers.read'),
        },
        async (request) => ok(await deps.borrowers.borrower(request.params.id)),
      );
      routes.post(
        '/borrowers/:id/sessions/revoke',
        {
          schema: {
            ...doc("End one of a borrower's sessions (or, session null, all) on every instance"),
            params: IdParamsSchema,
            body: RevokeSessionsRequestSchema,
          },
          onRequest: guard('borrowers.sessions'),
        },
        async (request) => ok(await deps.borrowers.revokeSessions(actor(request), request.params.id, request.body.session)),
      );
      routes.get(
        '/orders/:id',
        {
          schema: {
            ...doc('An order: timeline, what it owes today by component, the ledger replayed, payouts, payments and webhook events'),
            params: IdParamsSchema,
          },
          onRequest: guard('borrowers.read'),
        },
        async (request) => ok(await deps.borrowers.order(request.params.id)),
      );
      routes.post(
        '/orders/:id/penalty-waivers',
        {
          schema: {
            ...doc("Ask to waive an order's penalties, with a reason; above the configured amount another operator approves"),
            params: IdParamsSchema,
            body: WaiverRequestSchema,
          },
          onRequest: guard('waivers.request'),
        },
        async (request) => ok(await deps.waivers.request(actor(request), request.params.id, request.body)),
      );
      for (const [path, approve] of [
        ['approve', true],
        ['reject', false],
      ] as const) {
        routes.post(
          `/penalty-waivers/:id/${path}`,
          {
            schema: { ...doc(`${approve ? 'Approve' : 'Reject'} another operator's penalty waiver`), params: IdParamsSchema },
            onRequest: guard('waivers.approve'),
          },
          async (request) => {
            await deps.waivers.decide(actor(request), request.params.id, approve);
            return ok(null);
          },
        );
      }
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
              operator: operator?.id ? operatorView(operator as Parameters<typeof operatorView>[0]) : null,
              action: entry.action,
              targetType: entry.targetType,
              targetId: entry.targetId,
              before: entry.before,
              after: entry.after,
              requestId: entry.requestId,
            })),
            total,
            page,
            pageSize: 50,
          });
        },
      );
      routes.get(
        '/chatbot/nodes',
        { schema: doc('The chatbot question tree, both languages, retired nodes included'), onRequest: guard('chatbot.read') },
        async () => ok(await deps.chatbot.tree()),
      );
      routes.post(
        '/chatbot/nodes',
        {
          schema: { ...doc('Add a chatbot node at the end of its siblings'), body: QaNodeCreateSchema },
          onRequest: guard('chatbot.write'),
        },
        async (request) => ok(await deps.chatbot.create(actor(request), request.body)),
      );
      routes.put(
        '/chatbot/nodes/:id',
        {
          schema: { ...doc("Change a chatbot node's titles and aliases"), params: IdParamsSchema, body: QaNodeUpdateSchema },
          onRequest: guard('chatbot.write'),
        },
        async (request) => ok(await deps.chatbot.update(actor(request), request.params.id, request.body)),
      );
      routes.post(
        '/chatbot/nodes/:id/move',
        {
          schema: { ...doc('Move a chatbot node up or down among its siblings'), params: IdParamsSchema, body: QaNodeMoveSchema },
          onRequest: guard('chatbot.write'),
        },
        async (request) => {
          await deps.chatbot.move(actor(request), request.params.id, request.body.direction);
          return ok(null);
        },
      );
      for (const [path, retired] of [
        ['retire', true],
        ['restore', false],
      ] as const) {
        routes.post(
          `/chatbot/nodes/:id/${path}`,
          {
            schema: { ...doc(`${retired ? 'Retire' : 'Restore'} a chatbot node and everything under it`), params: IdParamsSchema },
            onRequest: guard('chatbot.write'),
          },
          async (request) => {
            await deps.chatbot.setRetired(actor(request), request.params.id, retired);
            return ok(null);
          },
        );
      }
      routes.get(
        '/borrowers/:id/chat-records',
        {
          schema: { ...doc("A borrower's chatbot records (spec §3 types 1–4)"), params: IdParamsSchema },
          onRequest: guard('chatbot.read'),
        },
        async (request) => ok(await deps.desk.borrowerChatRecords(request.params.id)),
      );

      registerProductRoutes(scope, deps.products, { guard, actor, doc, ok });
      registerCatalogueRoutes(scope, deps.catalogueDesks, { guard, actor, doc, ok });
      registerOrderActionRoutes(scope, deps.orderActions, { guard, actor, doc, ok });
      registerDashboardRoutes(scope, deps, { guard, actor, doc, ok });
      registerCollectionsRoutes(scope, { guard, actor, doc, ok });
      routes.get(
        '/payouts',
        {
          schema: {
            ...doc("Each order's latest payout attempt, by state and market, most recently changed first"),
            querystring: PayoutQuerySchema,
          },
          onRequest: guard('payouts.read'),
        },
        async (request) => ok(await deps.payouts.list(request.query)),
      );
      routes.get(
        '/payouts/orders/:id',
        {
          schema: {
            ...doc("An order's payout timeline: each attempt, its key, gateway id, state changes, failure reason and UTR"),
            params: IdParamsSchema,
          },
          onRequest: guard('payouts.read'),
        },
        async (request) => ok(await deps.payouts.timeline(request.params.id)),
      );
      routes.post(
        '/payouts/orders/:id/retry',
        {
          schema: {
            ...doc('Retry the payout: a waiting attempt now with its key, or a new attempt to the account the borrower gave since'),
            params: IdParamsSchema,
            body: PayoutActionSchema,
          },
          onRequest: guard('payouts.write'),
        },
        async (request) => ok(await deps.payouts.retry(actor(request), request.params.id, request.body.reason)),
      );
      routes.post(
        '/payouts/orders/:id/cancel-loan',
        {
          schema: { ...doc('Cancel a loan whose money did not arrive, at no cost'), params: IdParamsSchema, body: PayoutActionSchema },
          onRequest: guard('payouts.write'),
        },
        async (request) => ok(await deps.payouts.cancelLoan(actor(request), request.params.id, request.body.reason)),
      );
      routes.get(
        '/payout-mismatches',
        {
          schema: { ...doc("The payout reconciliation's mismatches, unresolved first"), querystring: MismatchQuerySchema },
          onRequest: guard('payouts.read'),
        },
        async (request) => ok(await deps.payouts.mismatches(request.query.page)),
      );
      routes.post(
        '/payout-mismatches/:id/resolve',
        {
          schema: { ...doc('Resolve a payout mismatch with a note'), params: IdParamsSchema, body: ResolveMismatchSchema },
          onRequest: guard('payouts.write'),
        },
        async (request) => ok(await deps.payouts.resolveMismatch(actor(request), request.params.id, request.body.note)),
      );

      // an unknown console API path answers in the console's envelope
      scope.all('/*', { schema: { hide: true } }, async () => {
        throw ConsoleError.notFound();
      });
    },
    { prefix: CONSOLE_API_PREFIX },
  );
};

export const consoleSecurityScheme = { consoleSession: { type: 'apiKey', in: 'cookie', name: CONSOLE_COOKIE } } as const;
