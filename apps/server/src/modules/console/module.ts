/** The operators' console (issue 18): its services, built once, and its routes under /console/api. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lending/clock.js';
import type { SessionService } from '../auth/session-service.js';
import { ComplaintsRepository } from '../complaints/repository.js';
import type { ComplaintsService } from '../complaints/service.js';
import type { OrdersService } from '../orders/service.js';
import { PromotionRepository } from '../promotion/repository.js';
import { RecommendRepository } from '../recommend/repository.js';
import type { UploadsService } from '../uploads/service.js';
import { AuditLog } from './audit.js';
import { BorrowerDesk } from './borrower-desk.js';
import { BorrowerRepository } from './borrower-repository.js';
import { CatalogueDesk } from './catalogue-desk.js';
import { ChatbotEditor } from './chatbot-editor.js';
import { registerConsoleOrigin } from './console-origin.js';
import { Dashboard } from './dashboard.js';
import { DEMO_OPERATORS } from './demo-operators.js';
import { DeskRepository } from './desk-repository.js';
import { DeskService } from './desk-service.js';
import { LandingDesk } from './landing-desk.js';
import { OperatorAdmin } from './operator-admin.js';
import { OperatorAuth } from './operator-auth.js';
import { OperatorsRepository } from './operators-repository.js';
import { OrderActions } from './order-actions.js';
import { OrderApprovals } from './order-approvals.js';
import { PayoutsDesk } from './payouts-desk.js';
import { PenaltyWaivers } from './penalty-waivers.js';
import { ProductDesk } from './products-desk.js';
import { ReviewService } from './review-service.js';
import { registerConsoleRoutes } from './routes.js';
import { SignInLimits } from './sign-in-limits.js';

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
  const approvals = new OrderApprovals(db, operators, audit, clock);
  const waivers = new PenaltyWaivers(db, orders, approvals, clock, config.console.waiverApprovalAboveMinor);
  const borrowers = sessions
    ? new BorrowerDesk(
        db,
        new BorrowerRepository(db),
        deskRepository,
        orders,
        sessions,
        audit,
        clock,
        waivers,
        config.console.waiverApprovalAboveMinor,
      )
    : null;
  return { operators, operatorAdmin, audit, auth, desk, chatbot, borrowers, waivers, approvals };
};

const consoleModule = async (app: FastifyInstance) => {
  const { database, clock, config, complaints, orders, identity, disbursal, loans, uploads, auth } = app;
  const services = consoleServices({ db: database.db, clock, config, complaints, orders, uploads, sessions: auth.sessions });
  const payouts = new PayoutsDesk(database.db, disbursal, services.audit, clock);
  // the review queue approves as submit does: the loans module's approval (message and payout)
  const reviews = new ReviewService(database.db, clock, services.audit, loans);
  registerConsoleOrigin(app, config.console.origin);
  const products = new ProductDesk(database.db, app.products, services.audit);
  // the order page's actions (issue 31 item 2): refunds through the payout pipeline, reminders through the SMS outbox
  const orderActions = new OrderActions({
    db: database.db,
    orders,
    approvals: services.approvals,
    operators: services.operators,
    audit: services.audit,
    clock,
    outbox: app.outbox,
    payoutGatewayOf: (market) => disbursal.gatewayOf(market),
    writeOffApprovalAboveMinor: config.console.writeOffApprovalAboveMinor,
  });
  await registerConsoleRoutes(app, {
    ...services,
    borrowers: services.borrowers!,
    identity,
    products,
    payouts,
    reviews,
    orderActions,
    auditDb: database.db,
    idleMinutes: config.console.idleMinutes,
    catalogueDesks: {
      catalogue: new CatalogueDesk(database.db, new RecommendRepository(database.db), services.audit),
      landing: new LandingDesk(database.db, new PromotionRepository(database.db), services.audit),
    },
    dashboard: new Dashboard(database.db, clock),
  });
  if (!config.isProduction) {
    // browser tests and demos read the demo operators' secrets here, as they read /dev/session
    app.get('/dev/console-operators', { schema: { hide: true } }, async () => DEMO_OPERATORS);
  }
};

export default fp(consoleModule, {
  name: 'console',
  dependencies: ['collections', 'orders', 'complaints', 'identity', 'products', 'disbursal', 'loans', 'uploads', 'auth'],
});
