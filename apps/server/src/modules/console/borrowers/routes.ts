/**
 * The borrowers room (issue 31 item 1, decision 156): search, a borrower's page, an order's page,
 * ending a borrower's sessions, and their identity checks with each read audited (issue 29).
 */
import { BorrowerSearchQuerySchema, IdParamsSchema, RevokeSessionsRequestSchema } from '@kilat/contract/console';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/database.js';
import type { IdentityService } from '../../identity/service.js';
import type { ConsoleRoom } from '../shared/api.js';
import type { AuditLog } from '../shared/audit.js';
import type { BorrowerDesk } from './borrower-desk.js';

export interface BorrowersRoomDeps {
  borrowers: BorrowerDesk;
  /** a borrower's identity checks with signed links to their images (issue 29) */
  identity: Pick<IdentityService, 'checksOf'>;
  audit: AuditLog;
  /** where a read's audit row is written (a read has no transaction of its own) */
  auditDb: Db;
}

export const borrowersRoom =
  (deps: BorrowersRoomDeps): ConsoleRoom =>
  (scope, { guard, actor, doc, ok }) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();
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
  };
