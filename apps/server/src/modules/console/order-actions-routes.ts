/**
 * The order page's actions under /console/api (issue 31 item 2, decisions 163 and 164): write-off,
 * offline repayment, refund of an overpayment and a resent due reminder. Each route names its
 * permission; the service checks the rest (maker-checker, amounts, once per reference or day).
 */
import {
  IdParamsSchema,
  OfflineRepaymentRequestSchema,
  type Permission,
  RefundRequestSchema,
  ReminderResendRequestSchema,
  ReversalRequestSchema,
  WriteOffRequestSchema,
} from '@kilat/contract/console';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OrderActions } from './order-actions.js';
import type { ProductRouteHelpers } from './products-routes.js';

export const registerOrderActionRoutes = (
  scope: FastifyInstance,
  actions: OrderActions,
  { guard, actor, doc, ok }: ProductRouteHelpers,
) => {
  const routes = scope.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/orders/:id/actions',
    {
      schema: {
        ...doc("What an order's write-off, offline repayment, refund and reminder may do now, and what they did"),
        params: IdParamsSchema,
      },
      onRequest: guard('borrowers.read'),
    },
    async (request) => ok(await actions.view(request.params.id)),
  );
  routes.post(
    '/orders/:id/write-offs',
    {
      schema: {
        ...doc('Ask to write off everything an order owes, with a reason; above the configured amount a risk operator approves'),
        params: IdParamsSchema,
        body: WriteOffRequestSchema,
      },
      onRequest: guard('write-offs.request'),
    },
    async (request) => ok(await actions.requestWriteOff(actor(request), request.params.id, request.body)),
  );
  routes.post(
    '/orders/:id/offline-repayments',
    {
      schema: {
        ...doc("Record money sent to Kilat's bank account against its reference: once per reference, at most what the order may take"),
        params: IdParamsSchema,
        body: OfflineRepaymentRequestSchema,
      },
      onRequest: guard('repayments.record-offline'),
    },
    async (request) => ok(await actions.recordOfflineRepayment(actor(request), request.params.id, request.body)),
  );
  routes.post(
    '/orders/:id/reversals',
    {
      schema: {
        ...doc('Ask to reverse a repayment, a penalty waiver or a write-off of an order, with a reason; another operator approves'),
        params: IdParamsSchema,
        body: ReversalRequestSchema,
      },
      onRequest: guard('reversals.request'),
    },
    async (request) => ok(await actions.requestReversal(actor(request), request.params.id, request.body)),
  );
  routes.post(
    '/orders/:id/refunds',
    {
      schema: {
        ...doc("Ask to refund an overpayment to the borrower's validated account, with a reason; another operator approves"),
        params: IdParamsSchema,
        body: RefundRequestSchema,
      },
      onRequest: guard('refunds.request'),
    },
    async (request) => ok(await actions.requestRefund(actor(request), request.params.id, request.body)),
  );
  routes.post(
    '/orders/:id/reminders',
    {
      schema: {
        ...doc('Resend the due reminder SMS of an order that owes: once per order and day, in the sending hours'),
        params: IdParamsSchema,
        body: ReminderResendRequestSchema,
      },
      onRequest: guard('reminders.resend'),
    },
    async (request) => ok(await actions.resendReminder(actor(request), request.params.id, request.body)),
  );
  const decisions: [string, Permission, (id: number, approve: boolean, request: Parameters<typeof actor>[0]) => Promise<void>][] = [
    ['write-offs', 'write-offs.approve', (id, approve, request) => actions.decideWriteOff(actor(request), id, approve)],
    ['refunds', 'refunds.approve', (id, approve, request) => actions.decideRefund(actor(request), id, approve)],
    ['reversals', 'reversals.approve', (id, approve, request) => actions.decideReversal(actor(request), id, approve)],
    [
      'offline-repayments',
      'repayments.approve-offline',
      (id, approve, request) => actions.decideOfflineRepayment(actor(request), id, approve),
    ],
  ];
  for (const [path, permission, decide] of decisions) {
    for (const approve of [true, false]) {
      routes.post(
        `/${path}/:id/${approve ? 'approve' : 'reject'}`,
        {
          schema: { ...doc(`${approve ? 'Approve' : 'Reject'} another operator's ${path.slice(0, -1)}`), params: IdParamsSchema },
          onRequest: guard(permission),
        },
        async (request) => {
          await decide(request.params.id, approve, request);
          return ok(null);
        },
      );
    }
  }
};
