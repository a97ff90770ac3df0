/**
 * The Fastify app in rings, as fastify/demo builds it: what the process stands on and what comes
 * from outside (database, probes, security, limits, body parsers, OpenAPI), the app's shared
 * services (config, clock, SMS outbox, the contract's calls), then one plugin per module, each
 * declaring the modules it needs, and last the pages. A new module is one more line in `modules`
 * (docs/decisions/060).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { installErrorHandling } from './http/error-handler.js';
import { logOptions } from './http/log-options.js';
import { requestLoggerFactory } from './http/request-logger.js';
import { type Clock, systemClock } from './lending/clock.js';
import account from './modules/account/module.js';
import agreements from './modules/agreements/module.js';
import applications from './modules/applications/module.js';
import auth from './modules/auth/module.js';
import books from './modules/books/module.js';
import cards from './modules/cards/module.js';
import chatbot from './modules/chatbot/module.js';
import collections from './modules/collections/module.js';
import complaints from './modules/complaints/module.js';
import operatorConsole from './modules/console/module.js';
import { consoleSecurityScheme } from './modules/console/shared/api.js';
import coupons from './modules/coupons/module.js';
import dev from './modules/dev/module.js';
import disbursalAccounts from './modules/disbursal-accounts/module.js';
import identity from './modules/identity/module.js';
import jobs from './modules/jobs/module.js';
import jointLogin from './modules/joint-login/module.js';
import loanProducts from './modules/loan-products/module.js';
import loans from './modules/loans/module.js';
import messages from './modules/messages/module.js';
import myOrders from './modules/my-orders/module.js';
import orders from './modules/orders/module.js';
import otp from './modules/otp/module.js';
import payments from './modules/payments/module.js';
import disbursal from './modules/payouts/disbursal-module.js';
import payouts from './modules/payouts/module.js';
import products from './modules/products/module.js';
import promotion from './modules/promotion/module.js';
import recommend from './modules/recommend/module.js';
import repaymentHistory from './modules/repayment-history/module.js';
import type { SmsTransport } from './modules/sms/outbox.js';
import support from './modules/support/module.js';
import uploads from './modules/uploads/module.js';
import core from './plugins/core.js';
import external from './plugins/external.js';
import { requestIdOf } from './plugins/operability.js';
import pages from './plugins/pages.js';
import platform from './plugins/platform.js';

export interface BuildAppOptions {
  config: Config;
  /** an open, migrated database; without one the app opens (and closes) its own */
  database?: Database;
  clock?: Clock;
  /** replaces the configured transport (development inbox or Twilio) of the SMS outbox */
  sms?: SmsTransport;
  /** where the log goes (tests read it); stdout when absent */
  logStream?: DestinationStream;
  /** process metrics (CPU, memory, event loop) besides the app's own; default true */
  defaultMetrics?: boolean;
}

/** Ring 3, in an order that meets every module's declared dependencies; the development routes come last, outside production. */
const modules = [
  otp,
  auth,
  orders,
  products,
  recommend,
  jointLogin,
  agreements,
  payouts,
  disbursalAccounts,
  disbursal,
  loans,
  coupons,
  payments,
  cards,
  uploads,
  identity,
  complaints,
  chatbot,
  support,
  myOrders,
  loanProducts,
  applications,
  account,
  repaymentHistory,
  messages,
  collections,
  books,
];
const afterModules = [promotion, operatorConsole, jobs];

export const buildApp = async (options: BuildAppOptions): Promise<FastifyInstance> => {
  const { config } = options;
  const app = Fastify({
    logger: { ...logOptions(config.logLevel), ...(options.logStream ? { stream: options.logStream } : {}) },
    genReqId: requestIdOf,
    childLoggerFactory: requestLoggerFactory,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  installErrorHandling(app);

  // Ring 1: what the app stands on and what comes from outside
  await app.register(platform, { config, database: options.database, defaultMetrics: options.defaultMetrics });
  await app.register(external, { config, securitySchemes: consoleSecurityScheme });
  // Ring 2: the app's shared services
  await app.register(core, { config, clock: options.clock ?? systemClock, sms: options.sms });
  // Ring 3: the modules, then the pages
  for (const module of [...modules, ...afterModules]) await app.register(module);
  if (!config.isProduction) await app.register(dev);
  app.calls.registerUnimplemented();
  await app.register(pages);
  return app;
};
