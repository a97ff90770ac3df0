/**
 * Development-only routes (DESIGN §7): a ready demo session (or a fresh borrower), the SMS inbox,
 * and paying a virtual-account or mini-market code through the sandbox. Never registered in production.
 */
import { Market, OrderStatus, parsePhone, ResultCode } from '@kilat/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { Borrower } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { envelope, SUCCESS_MESSAGE } from '../../http/envelope.js';
import { escapeHtml, htmlPage } from '../../http/html.js';
import type { Clock } from '../../lending/clock.js';
import type { AuthRepository } from '../auth/repository.js';
import type { SessionService } from '../auth/session-service.js';
import { insertCampaign } from '../coupons/repository.js';
import type { CouponsService } from '../coupons/service.js';
import { accruePenalties } from '../ledger/posting.js';
import { quoteOf } from '../ledger/replay.js';
import { shiftOrderMessagesBack } from '../messages/repository.js';
import type { OrdersService } from '../orders/service.js';
import {
  SANDBOX_MANDATE_OUTCOMES,
  type SandboxGateway,
  type SandboxMandateOutcome,
  SandboxPayers,
} from '../payments/gateways/sandbox/sandbox-gateway.js';
import type { MandatesService } from '../payments/mandates/service.js';
import type { PaymentsRepository } from '../payments/repository.js';
import type { CaptchaPeek } from '../promotion/captcha-service.js';
import type { DevInboxTransport } from '../sms/dev-inbox.js';
import { shiftTimelineBack } from './age-order.js';
import { DemoTemplates } from './seed/acquisition.js';
import { DemoAccounts, type SeedKeys, seedFreshBorrower, seedOrder } from './seed/demo.js';

export const DEMO_APP_VERSION = '1.0.0';

export interface DevDeps {
  auth: AuthRepository;
  sessions: SessionService;
  orders: OrdersService;
  inbox: DevInboxTransport | null;
  /** the SMS outbox: drained before the inbox is read, so a test reads what the call before it sent */
  outbox?: { drain(): Promise<unknown> } | null;
  /** the promotion captchas' texts (issue 6), for browser tests */
  captchas?: CaptchaPeek | null;
  /** fresh borrowers (issue 5): a new borrower with the demo orders and a bound sandbox card */
  fresh?: { db: Db; clock: Clock; keys: SeedKeys };
  /** the sandbox gateway and the payments it confirms (issue 5) */
  payments?: { repository: PaymentsRepository; sandbox: SandboxGateway; clock: Clock; mandates?: MandatesService };
  /** the coupons module (issue 50): browser tests give a borrower a coupon */
  coupons?: CouponsService;
}

export const registerDevRoutes = (app: FastifyInstance, deps: DevDeps) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // the clock moving forward for one order (issue 12's browser test): its dates move back, then the accrual runs for it
  routes.post(
    '/dev/orders/:orderId/age',
    {
      schema: {
        hide: true,
        params: z.object({ orderId: z.coerce.number().int().positive() }),
        body: z.object({ days: z.coerce.number().int().min(1).max(400) }),
      },
    },
    async (request) => {
      if (!deps.fresh) throw AppError.notImplemented();
      const { db, clock } = deps.fresh;
      const repository = deps.orders.repository;
      const { orderId } = request.params;
      await db.transaction(async (tx) => {
        if (!(await repository.lock(orderId, tx))) throw AppError.notFound();
        await shiftTimelineBack(tx, orderId, request.body.days);
        await shiftOrderMessagesBack(tx, orderId, request.body.days);
        const order = (await repository.findById(orderId, tx))!;
        await accruePenalties(tx, [order], (market) => clock.today(market), clock.now());
      });
      return envelope('code', '00', SUCCESS_MESSAGE, null);
    },
  );

  // an order's ledger as it stands, whoever its borrower is now (issue 17: a deleted account's lending records stay)
  routes.get(
    '/dev/orders/:orderId/ledger',
    { schema: { hide: true, params: z.object({ orderId: z.coerce.number().int().positive() }) } },
    async (request) => {
      const order = await deps.orders.repository.findById(request.params.orderId);
      if (!order) throw AppError.notFound();
      const { status, ledger } = await deps.orders.withStatus(order);
      return {
        orderNo: order.orderNo,
        status,
        rows: ledger.ledger.map((entry) => ({ kind: entry.kind, amountMinor: entry.amountMinor })),
        // what the schedule asks in all: the browser tests compare what a page asks with it
        scheduledMinor: ledger.periods.reduce((total, period) => total + period.principalMinor + period.interestMinor + period.feeMinor, 0),
      };
    },
  );

  // a new order of a borrower, placed in its status as the demo seed places them (e.g. a loan paid out
  // yesterday, in India's cooling-off period: issue 17's browser test and demos)
  routes.post(
    '/dev/borrowers/:userId/orders',
    {
      schema: {
        hide: true,
        params: z.object({ userId: z.coerce.number().int().positive() }),
        body: z.object({
          status: z.coerce.number().refine((value): value is OrderStatus => Object.values(OrderStatus).includes(value as OrderStatus)),
          disbursedDaysAgo: z.coerce.number().int().min(0).max(400).optional(),
        }),
      },
    },
    async (request) => {
      if (!deps.fresh) throw AppError.notImplemented();
      const { db, clock } = deps.fresh;
      const borrower = await deps.orders.repository.borrower(request.params.userId);
      if (!borrower) throw AppError.notFound();
      const { status, disbursedDaysAgo } = request.body;
      const id = await seedOrder(db, clock, {
        borrowerId: borrower.id,
        market: borrower.market,
        status,
        ...(disbursedDaysAgo === undefined ? {} : { disbursedDaysAgo }),
      });
      const order = (await deps.orders.repository.findById(id))!;
      return envelope('code', '00', SUCCESS_MESSAGE, {
        orderId: String(order.id),
        productId: String(order.productId),
        orderNo: order.orderNo,
      });
    },
  );

  // a coupon for one borrower (issue 50): a 30-day list campaign of their market issued to them alone
  routes.post(
    '/dev/borrowers/:userId/coupons',
    {
      schema: {
        hide: true,
        params: z.object({ userId: z.coerce.number().int().positive() }),
        body: z.object({
          kind: z.enum(['amount_off', 'percent_off_interest', 'interest_free_days']),
          value: z.coerce.number().int().positive(),
        }),
      },
    },
    async (request) => {
      if (!deps.fresh || !deps.coupons) throw AppError.notImplemented();
      const borrower = await deps.orders.repository.borrower(request.params.userId);
      if (!borrower) throw AppError.notFound();
      const campaign = await insertCampaign(deps.fresh.db, {
        market: borrower.market,
        name: `Test coupon for ${borrower.id}`,
        kind: request.body.kind,
        value: request.body.value,
        audience: 'list',
        validFrom: null,
        validTo: null,
        validDays: 30,
        minAmountMinor: 0,
        budgetMinor: 100_000_000,
        createdBy: null,
      });
      const issued = await deps.coupons.issue(deps.fresh.db, campaign, [borrower.id]);
      return envelope('code', '00', SUCCESS_MESSAGE, { campaignId: campaign.id, issued });
    },
  );

  routes.get(
    '/dev/session',
    {
      schema: {
        hide: true,
        querystring: z.object({
          market: z.enum([Market.India, Market.Indonesia]).default(Market.Indonesia),
          // 1: a new borrower with one order per status and a bound sandbox card, for tests that move money;
          // due: a new borrower whose only loan is due soon (issue 17: repay everything, then delete the account)
          fresh: z.enum(['0', '1', 'due']).default('0'),
          // none: the fresh borrower has not proved who they are yet (the identity step's tests); else verified (decision 161)
          identity: z.enum(['verified', 'none']).default('verified'),
        }),
      },
    },
    async (request) => {
      const { market, fresh, identity } = request.query;
      const account = DemoAccounts[market];
      let borrower: Borrower | null;
      let deviceId = account.deviceId;
      if (fresh !== '0') {
        if (!deps.fresh) throw AppError.notImplemented();
        const only = fresh === 'due' ? OrderStatus.DueSoon : undefined;
        const created = await seedFreshBorrower(deps.fresh.db, deps.fresh.clock, market, deps.fresh.keys, only, identity === 'verified');
        borrower = created.borrower;
        deviceId = created.deviceId;
      } else {
        borrower = await deps.auth.findBorrowerByPhone(market, account.phone);
      }
      if (!borrower) throw AppError.notFound();
      const orders = await deps.orders.listForBorrower(borrower.id);
      const dueSoon = orders.find((entry) => entry.status === OrderStatus.DueSoon);
      const session = await deps.sessions.issue(borrower.id, deviceId);
      return {
        sessionId: session.token,
        deviceId,
        userId: String(borrower.id),
        market,
        phone: borrower.phone,
        orderId: dueSoon ? String(dueSoon.order.id) : '',
        productId: dueSoon ? String(dueSoon.order.productId) : '',
        appVersion: DEMO_APP_VERSION,
        deviceName: account.deviceName,
        osVersion: account.osVersion,
        // every order of the borrower with its derived status, so tools can open any status
        orders: orders.map(({ order, status, facts, replay }) => ({
          orderId: String(order.id),
          orderNo: order.orderNo,
          productId: String(order.productId),
          status,
          // what closing the order costs today, in minor units (interest to the day, DESIGN §4): the repay pages the test page opens ask for it
          amountDueMinor:
            (deps.fresh && quoteOf(order, replay, deps.fresh.clock.today(order.market))?.payoffMinor) ?? facts.position.outstandingMinor,
        })),
        // the seeded promotion templates of the market, so the test page can open them
        promotionTemplates: Object.values(DemoTemplates[market]),
      };
    },
  );

  routes.get(
    '/dev/sms',
    { schema: { hide: true, querystring: z.object({ phone: z.string().trim().min(1).max(32) }) } },
    async (request) => {
      if (!deps.inbox) throw new AppError(ResultCode.NotImplemented, 'notImplemented', 501);
      await deps.outbox?.drain();
      // the inbox holds E.164 numbers; a tool may ask with the number as a borrower writes it, or
      // with an unencoded + that the query string turned into a space
      const typed = request.query.phone;
      const read = (text: string) => parsePhone(text, Market.India) ?? parsePhone(text, Market.Indonesia);
      const phone = read(typed) ?? read(`+${typed}`) ?? typed;
      return envelope('code', '00', SUCCESS_MESSAGE, await deps.inbox.inbox(phone));
    },
  );

  routes.get(
    '/dev/captcha',
    { schema: { hide: true, querystring: z.object({ sid: z.string().trim().min(1).max(64) }) } },
    async (request) => {
      const text = deps.captchas?.textOf(request.query.sid) ?? null;
      if (text === null) throw AppError.notFound();
      return envelope('code', '00', SUCCESS_MESSAGE, { text });
    },
  );

  if (deps.payments) registerDevPaymentRoutes(app, deps.payments);
};

/** How many open codes the development payments page lists, newest first. */
const OPEN_CODES_LISTED = 50;

/**
 * Paying a virtual account or a mini-market code by hand: the sandbox plays the bank or the till
 * and sends its signed succeeded webhook, so the payment takes the path a real one takes.
 */
const registerDevPaymentRoutes = (app: FastifyInstance, deps: NonNullable<DevDeps['payments']>) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/dev/payments/pay',
    {
      schema: {
        hide: true,
        // a UPI code is paid by its intent link (vcode) from the payer's UPI ID, which decides the sandbox's answer (docs/sandboxes.md)
        body: z.object({ vcode: z.string().trim().min(1).max(512), payer: z.string().trim().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const open = await deps.repository.findOpenByVcode(request.body.vcode, deps.clock.now(), deps.sandbox.name);
      if (!open) throw AppError.notFound();
      if (open.method === 'upi' || open.method === 'ewallet' || open.method === 'qris')
        await deps.sandbox.payAs({ ...open, method: open.method }, request.body.payer ?? '');
      else await deps.sandbox.settle(open);
      const paid = await deps.repository.findByPublicId(open.publicId);
      // the development page's form goes back to the page; tools get an envelope
      if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded'))
        return reply.code(303).header('location', '/dev/payments').send();
      return envelope('code', '00', SUCCESS_MESSAGE, { status: paid?.status ?? open.status, paymentId: open.publicId });
    },
  );

  // AutoPay (issue 51 item 2, decision 246): the payer's side of a sandbox mandate — approve or decline it, or pause,
  // resume or cancel it in the UPI app — sent as the signed mandate event the webhook route applies
  routes.post(
    '/dev/payments/mandate',
    {
      schema: {
        hide: true,
        body: z.object({
          mandateId: z.string().trim().min(1).max(64),
          action: z.enum(['debits-paid', 'debits-fail', 'reject', 'pause', 'resume', 'cancel']),
        }),
      },
    },
    async (request, reply) => {
      const mandate = await deps.mandates?.findByPublicId(request.body.mandateId);
      // only a live mandate is listed, and only a live one has a payer's side left to act
      if (!mandate || mandate.gateway !== deps.sandbox.name || !['created', 'active', 'paused'].includes(mandate.status))
        throw AppError.notFound();
      const { action } = request.body;
      if ((SANDBOX_MANDATE_OUTCOMES as readonly string[]).includes(action)) {
        if (mandate.status !== 'created') throw AppError.invalid('action');
        await deps.sandbox.answerMandate(mandate.publicId, action as SandboxMandateOutcome);
      } else {
        if (!mandate.tokenRef) throw AppError.invalid('action');
        const state = action === 'pause' ? 'paused' : action === 'resume' ? 'active' : 'cancelled';
        await deps.sandbox.sendMandate(state, { tokenRef: mandate.tokenRef }, action === 'cancel' ? 'cancelled_in_upi_app' : undefined);
      }
      const after = await deps.mandates?.findByPublicId(mandate.publicId);
      if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded'))
        return reply.code(303).header('location', '/dev/payments').send();
      return envelope('code', '00', SUCCESS_MESSAGE, { status: after?.status ?? mandate.status, mandateId: mandate.publicId });
    },
  );

  routes.get('/dev/payments', { schema: { hide: true } }, async (_request, reply) => {
    const open = await deps.repository.listOpenCodes(deps.clock.now(), OPEN_CODES_LISTED, deps.sandbox.name);
    const live = (await deps.mandates?.listLive(deps.sandbox.name, OPEN_CODES_LISTED)) ?? [];
    const MANDATE_BUTTONS: Record<string, string> = {
      'debits-paid': 'Approve (debits paid)',
      'debits-fail': 'Approve (debits fail)',
      reject: 'Decline',
      pause: 'Pause in UPI app',
      resume: 'Resume in UPI app',
      cancel: 'Cancel in UPI app',
    };
    const mandateRows = live
      .map((mandate) => {
        const actions =
          mandate.status === 'created'
            ? [...SANDBOX_MANDATE_OUTCOMES]
            : mandate.status === 'active'
              ? ['pause', 'cancel']
              : mandate.pausedBy === 'gateway'
                ? ['resume', 'cancel']
                : ['cancel'];
        const forms = actions
          .map(
            (action) =>
              `<form method="post" action="/dev/payments/mandate"><input type="hidden" name="mandateId" value="${escapeHtml(mandate.publicId)}"><input type="hidden" name="action" value="${action}"><button type="submit" aria-label="${escapeHtml(`${MANDATE_BUTTONS[action]} ${mandate.publicId}`)}">${escapeHtml(MANDATE_BUTTONS[action]!)}</button></form>`,
          )
          .join('');
        const cells = [mandate.publicId, mandate.status, mandate.method, String(mandate.maxAmountMinor), mandate.tokenRef ?? ''];
        return `<tr>${cells.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}<td>${forms}</td></tr>`;
      })
      .join('');
    const mandatesTable = live.length
      ? `<h2>Sandbox AutoPay mandates</h2><table><thead><tr><th>Mandate</th><th>Status</th><th>Method</th><th>Cap (minor units)</th><th>Token</th><th></th></tr></thead><tbody>${mandateRows}</tbody></table>`
      : '<h2>Sandbox AutoPay mandates</h2><p>No sandbox mandate is waiting, active or paused.</p>';
    const rows = open
      .map((payment) => {
        const cells = [
          payment.vcode ?? '',
          payment.method,
          payment.payCode ?? '',
          payment.market,
          String(payment.amountMinor),
          payment.publicId,
        ];
        const vcode = escapeHtml(payment.vcode ?? '');
        // a UPI code, an e-wallet charge or a QRIS code is paid as its app pays it, from a payer that picks the outcome (issue 51)
        const byApp = payment.method === 'upi' || payment.method === 'ewallet' || payment.method === 'qris';
        const payer = byApp
          ? `<label>${payment.method === 'upi' ? 'Payer UPI ID' : 'Payer'} <select name="payer">${Object.keys(
              SandboxPayers[payment.method as keyof typeof SandboxPayers],
            )
              .map((name) => `<option>${escapeHtml(name)}</option>`)
              .join('')}</select></label> `
          : '';
        const button = `<form method="post" action="/dev/payments/pay"><input type="hidden" name="vcode" value="${vcode}">${payer}<button type="submit" aria-label="Pay ${byApp ? escapeHtml(payment.publicId) : vcode}">Pay</button></form>`;
        return `<tr>${cells.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}<td>${button}</td></tr>`;
      })
      .join('');
    const table = open.length
      ? `<table><thead><tr><th>Code</th><th>Method</th><th>Bank or market</th><th>Market</th><th>Amount (minor units)</th><th>Bill number</th><th></th></tr></thead><tbody>${rows}</tbody></table>`
      : '<p>No open virtual-account, mini-market, UPI, e-wallet or QRIS codes.</p>';
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        htmlPage({
          lang: 'en',
          title: 'Sandbox payments',
          style:
            'body{font-family:system-ui,sans-serif;margin:24px;color:#1a1a1a}table{border-collapse:collapse}td,th{border:1px solid #999;padding:6px 10px;text-align:left;max-width:28em;overflow-wrap:anywhere}button{min-height:36px;padding:0 16px}',
          body: `<h1>Open sandbox payment codes</h1>${table}${mandatesTable}`,
        }),
      );
  });
};
