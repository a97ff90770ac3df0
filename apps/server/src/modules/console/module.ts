/**
 * The operators' console (issue 18): its services, built once, and its rooms' routes under
 * /console/api. Each room (desk, borrowers, orders, payouts, reviews, operators, dashboard,
 * catalogue) is a folder that imports only console/shared and other server modules (decision 185);
 * this file alone puts them together. A new room: a folder with its routes.ts, one line in `rooms`.
 */

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lending/clock.js';
import type { SessionService } from '../auth/session-service.js';
import { registerCollectionsRoutes } from '../collections/routes.js';
import { ComplaintsRepository } from '../complaints/repository.js';
import type { ComplaintsService } from '../complaints/service.js';
import { closureSms } from '../ledger/closure-notice.js';
import { MoneyControls } from '../money-controls/service.js';
import type { OrdersService } from '../orders/service.js';
import { PromotionRepository } from '../promotion/repository.js';
import { RecommendRepository } from '../recommend/repository.js';
import type { UploadsService } from '../uploads/service.js';
import { ApprovalsInbox } from './approvals/approvals-inbox.js';
import { approvalsRoom } from './approvals/routes.js';
import { booksRoom } from './books/routes.js';
import { BorrowerDesk } from './borrowers/borrower-desk.js';
import { BorrowerRepository } from './borrowers/borrower-repository.js';
import { borrowersRoom } from './borrowers/routes.js';
import { CatalogueDesk } from './catalogue/catalogue-desk.js';
import { LandingDesk } from './catalogue/landing-desk.js';
import { ProductDesk } from './catalogue/products-desk.js';
import { catalogueRoom } from './catalogue/routes.js';
import { controlsRoom } from './controls/routes.js';
import { CouponDesk } from './coupons/coupon-desk.js';
import { CouponFigures } from './coupons/coupon-figures.js';
import { CouponIssues } from './coupons/coupon-issues.js';
import { couponsRoom } from './coupons/routes.js';
import { Dashboard, rangeOf } from './dashboard/dashboard.js';
import { dashboardRoom } from './dashboard/routes.js';
import { ChatbotEditor } from './desk/chatbot-editor.js';
import { DeskRepository } from './desk/desk-repository.js';
import { DeskService } from './desk/desk-service.js';
import { deskRoom } from './desk/routes.js';
import { DEMO_OPERATORS } from './operators/demo-operators.js';
import { OperatorAdmin } from './operators/operator-admin.js';
import { OperatorAuth } from './operators/operator-auth.js';
import { operatorsRoom } from './operators/routes.js';
import { SignInLimits } from './operators/sign-in-limits.js';
import { OrderActions } from './orders/order-actions.js';
import { OrderApprovals } from './orders/order-approvals.js';
import { PenaltyWaivers } from './orders/penalty-waivers.js';
import { ordersRoom } from './orders/routes.js';
import { PayoutsDesk } from './payouts/payouts-desk.js';
import { payoutsRoom } from './payouts/routes.js';
import { ReviewService } from './reviews/review-service.js';
import { reviewsRoom } from './reviews/routes.js';
import { type ConsoleRoom, registerConsoleApi } from './shared/api.js';
import { AuditLog } from './shared/audit.js';
import { registerConsoleOrigin } from './shared/console-origin.js';
import { OperatorsRepository } from './shared/operators-repository.js';

export interface ConsoleModuleDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'console' | 'isProduction'>;
  complaints: ComplaintsService;
  orders: OrdersService;
  uploads: UploadsService;
  /** the borrowers' sessions: an operator ends them through the revocation bus (decision 129); none for the ops command */
  sessions?: SessionService;
}

export const consoleServices = ({ db, clock, config, complaints, orders, uploads, sessions }: ConsoleModuleDeps) => {
  const operators = new OperatorsRepository(db);
  const audit = new AuditLog(db, () => clock.now());
  const limits = new SignInLimits(db);
  const auth = new OperatorAuth(db, operators, audit, clock, config.console, limits);
  const operatorAdmin = new OperatorAdmin(db, operators, limits, audit, clock);
  const chatbot = new ChatbotEditor(db, audit, clock);
  const deskRepository = new DeskRepository(db);
  const desk = new DeskService(db, deskRepository, new ComplaintsRepository(db), complaints, orders, operators, audit, clock, uploads);
  // the control matrix (decision 232): the configured approval amounts are its defaults per order and day
  const controls = new MoneyControls(db, clock, audit, {
    penalty_waiver: config.console.waiverApprovalAboveMinor,
    write_off: config.console.writeOffApprovalAboveMinor,
    offline_repayment: config.console.offlineRepaymentApprovalAboveMinor,
  });
  const approvals = new OrderApprovals(db, operators, audit, clock, controls);
  const waivers = new PenaltyWaivers(db, orders, approvals, clock);
  const borrowers = sessions
    ? new BorrowerDesk(db, new BorrowerRepository(db), orders, sessions, audit, clock, waivers, config.console.waiverApprovalAboveMinor)
    : null;
  return { operators, operatorAdmin, audit, auth, desk, chatbot, borrowers, waivers, approvals, controls };
};

const consoleModule = async (app: FastifyInstance) => {
  const { database, clock, config, complaints, orders, identity, disbursal, loans, uploads, auth } = app;
  const db = database.db;
  const services = consoleServices({ db, clock, config, complaints, orders, uploads, sessions: auth.sessions });
  const { audit } = services;
  registerConsoleOrigin(app, config.console.origin);
  // the order page's actions (issue 31 item 2): refunds through the payout pipeline, reminders through the SMS outbox
  const orderActions = new OrderActions({
    db,
    orders,
    approvals: services.approvals,
    operators: services.operators,
    audit,
    clock,
    outbox: app.outbox,
    payoutGatewayOf: (market) => disbursal.gatewayOf(market),
    writeOffApprovalAboveMinor: config.console.writeOffApprovalAboveMinor,
    collectionAccounts: config.console.collectionAccounts,
    closureNotice: closureSms(config.publicBaseUrl, app.outbox),
  });
  // one room a console area, as apps/console/src/features: each registers its own routes in the console's scope (decision 185)
  const rooms: ConsoleRoom[] = [
    operatorsRoom({ auth: services.auth, operatorAdmin: services.operatorAdmin, audit, idleMinutes: config.console.idleMinutes }),
    // the review queue approves as submit does: the loans module's approval (message and payout)
    reviewsRoom({ reviews: new ReviewService(db, clock, audit, loans) }),
    deskRoom({ desk: services.desk, chatbot: services.chatbot }),
    borrowersRoom({ borrowers: services.borrowers!, identity, audit, auditDb: db }),
    ordersRoom({ actions: orderActions, waivers: services.waivers }),
    catalogueRoom({
      products: new ProductDesk(db, app.products, audit, uploads),
      catalogue: new CatalogueDesk(db, new RecommendRepository(db), audit),
      landing: new LandingDesk(db, new PromotionRepository(db), audit),
    }),
    dashboardRoom({ dashboard: new Dashboard(db, clock), audit, auditDb: db }),
    payoutsRoom({ payouts: new PayoutsDesk(db, disbursal, audit, clock) }),
    controlsRoom({ controls: services.controls }),
    // the books and the bank statement reconciliation (issue 47, decisions 260–262)
    booksRoom({
      ...app.books,
      audit,
      auditDb: db,
      approveOfflineRepayment: (actor, approvalId) => orderActions.decideOfflineRepayment(actor, approvalId, true),
    }),
    couponsRoom({
      coupons: new CouponDesk(db, audit, clock),
      // issuing a list or everyone campaign, a second operator above the threshold, and the cost and effect (decision 254)
      issues: new CouponIssues(db, app.coupons, services.operators, audit, clock, config.console.couponIssueApprovalAboveMinor),
      figures: new CouponFigures(db),
      rangeOf: (query) => rangeOf(clock, query),
      audit,
      auditDb: db,
    }),
    // one inbox of every maker-checker request (issue 47, decision 239); each decided by its source's call
    approvalsRoom({ inbox: new ApprovalsInbox(db, services.operators) }),
    // the collections module's calls (issue 46), in the console's scope with its guard and envelope
    (scope, helpers) => void registerCollectionsRoutes(scope, helpers),
  ];
  await registerConsoleApi(app, (token) => services.auth.authenticate(token), rooms);
  if (!config.isProduction) {
    // browser tests and demos read the demo operators' secrets here, as they read /dev/session
    app.get('/dev/console-operators', { schema: { hide: true } }, async () => DEMO_OPERATORS);
  }
};

export default fp(consoleModule, {
  name: 'console',
  dependencies: [
    'books',
    'collections',
    'coupons',
    'orders',
    'complaints',
    'identity',
    'products',
    'disbursal',
    'loans',
    'uploads',
    'auth',
  ],
});
