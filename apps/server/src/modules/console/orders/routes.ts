/**
 * The orders room under /console/api: the order page's actions (issue 31 item 2, decisions 163 and
 * 164) — write-off, offline repayment, refund of an overpayment and a resent due reminder — and its
 * penalty waivers (decision 157). Each route names its permission; the services check the rest
 * (maker-checker, amounts, once per reference or day).
 */
import {
  CheckerDecisionSchema,
  IdParamsSchema,
  OfflineRepaymentRequestSchema,
  type Permission,
  RefundRequestSchema,
  ReminderResendRequestSchema,
  ReversalRequestSchema,
  WaiverRequestSchema,
  WriteOffRequestSchema,
} from '@kilat/contract/console';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ConsoleRoom, RouteHelpers } from '../shared/api.js';
import type { OrderActions } from './order-actions.js';
import type { PenaltyWaivers } from './penalty-waivers.js';

const registerOrderActionRoutes = (scope: FastifyInstance, actions: OrderActions, { guard, actor, doc, ok }: RouteHelpers) => {
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
  const decisions: [
    string,
    Permission,
    (id: number, approve: boolean, request: Parameters<typeof actor>[0], reason: string | undefined) => Promise<void>,
  ][] = [
    ['write-offs', 'write-offs.approve', (id, approve, request, reason) => actions.decideWriteOff(actor(request), id, approve, reason)],
    ['refunds', 'refunds.approve', (id, approve, request, reason) => actions.decideRefund(actor(request), id, approve, reason)],
    ['reversals', 'reversals.approve', (id, approve, request, reason) => actions.decideReversal(actor(request), id, approve, reason)],
    [
      'offline-repayments',
      'repayments.approve-offline',
      (id, approve, request, reason) => actions.decideOfflineRepayment(actor(request), id, approve, reason),
    ],
  ];
  for (const [path, permission, decide] of decisions) {
    for (const approve of [true, false]) {
      routes.post(
        `/${path}/:id/${approve ? 'approve' : 'reject'}`,
        {
          schema: {
            ...doc(`${approve ? 'Approve' : 'Reject'} another operator's ${path.slice(0, -1)}, with the checker's reason if given`),
            params: IdParamsSchema,
            body: CheckerDecisionSchema,
          },
          onRequest: guard(permission),
        },
        async (request) => {
          await decide(request.params.id, approve, request, request.body?.reason);
          return ok(null);
        },
      );
    }
  }
};

/** Penalty waivers (decision 157): asked for on the order page, approved or rejected by another operator above the configured amount. */
const registerWaiverRoutes = (scope: FastifyInstance, waivers: PenaltyWaivers, { guard, actor, doc, ok }: RouteHelpers) => {
  const routes = scope.withTypeProvider<ZodTypeProvider>();
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
    async (request) => ok(await waivers.request(actor(request), request.params.id, request.body)),
  );
  for (const [path, approve] of [
    ['approve', true],
    ['reject', false],
  ] as const) {
    routes.post(
      `/penalty-waivers/:id/${path}`,
      {
        schema: {
          ...doc(`${approve ? 'Approve' : 'Reject'} another operator's penalty waiver, with the checker's reason if given`),
          params: IdParamsSchema,
          body: CheckerDecisionSchema,
        },
        onRequest: guard('waivers.approve'),
      },
      async (request) => {
        await waivers.decide(actor(request), request.params.id, approve, request.body?.reason);
        return ok(null);
      },
    );
  }
};

/** The orders room: an order's actions and its penalty waivers, each change made by one operator and, above its amount, approved by another. */
export const ordersRoom =
  ({ actions, waivers }: { actions: OrderActions; waivers: PenaltyWaivers }): ConsoleRoom =>
  (scope, helpers) => {
    registerWaiverRoutes(scope, waivers, helpers);
    registerOrderActionRoutes(scope, actions, helpers);
  };
