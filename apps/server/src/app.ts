/**
 * The Fastify app in three rings, as fastify/demo builds it: external plugins (security, limits,
 * body parsers, OpenAPI), the app's own services (database, repositories, SMS, sessions), routes.
 */
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_PREFIX, Limits } from '@kilat/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import type { Config } from './config.js';
import { type Database, openDatabase, pgliteDirOf } from './db/database.js';
import { migrate } from './db/migrate.js';
import { AppError } from './http/app-error.js';
import { registerContractRoutes } from './http/contract-route.js';
import { installErrorHandling, sendAppError } from './http/error-handler.js';
import { logOptions, pathOf } from './http/log-options.js';
import { type Clock, systemClock } from './lending/clock.js';
import { accountHandlers } from './modules/account/handlers.js';
import { AccountService } from './modules/account/service.js';
import { applicationsModule } from './modules/applications/module.js';
import { authHandlers } from './modules/auth/handlers.js';
import { LoginService } from './modules/auth/login-service.js';
import { AuthRepository } from './modules/auth/repository.js';
import { SessionService } from './modules/auth/session-service.js';
import { cardsModule } from './modules/cards/module.js';
import { consoleModule } from './modules/console/module.js';
import { consoleSecurityScheme } from './modules/console/routes.js';
import { registerDevRoutes } from './modules/dev/routes.js';
import { buildJobs, JOB_TICK_MS } from './modules/jobs/index.js';
import { JobScheduler } from './modules/jobs/scheduler.js';
import { jointLoginHandlers } from './modules/joint-login/handlers.js';
import { loanProductsModule } from './modules/loan-products/module.js';
import { loansModule } from './modules/loans/module.js';
import { myOrdersModule } from './modules/my-orders/module.js';
import { OrdersRepository } from './modules/orders/repository.js';
import { OrdersService } from './modules/orders/service.js';
import { paymentsModule } from './modules/payments/module.js';
import { promotionModule } from './modules/promotion/module.js';
import { recommendHandlers } from './modules/recommend/handlers.js';
import { RecommendRepository } from './modules/recommend/repository.js';
import { SmsOutbox, type SmsTransport } from './modules/sms/outbox.js';
import { DevInboxTransport, type SmsProvider } from './modules/sms/sms-provider.js';
import { TwilioSmsTransport } from './modules/sms/twilio-provider.js';
import { supportHandlers } from './modules/support/handlers.js';
import { createSupportServices } from './modules/support/services.js';
import { registerUploadRoutes } from './modules/uploads/handlers.js';
import { Metrics, Readiness, registerOperability, requestIdOf } from './plugins/operability.js';
import { isConsolePage, registerStaticConsole } from './plugins/static-console.js';
import { isServerPath, registerStaticWeb } from './plugins/static-web.js';

export interface AppServices {
  config: Config;
  database: Database;
  clock: Clock;
  sms: SmsProvider;
  sessions: SessionService;
  logins: LoginService;
  orders: OrdersService;
  /** the time-driven jobs (modules/jobs/index.ts); ticking on its own when config.jobsEnabled */
  jobs: JobScheduler;
}

/** What operators and other modules reach: the metrics registry (jobs add theirs) and readiness (main drains it). */
export interface Operability {
  metrics: Metrics;
  readiness: Readiness;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
    operability: Operability;
  }
}

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

const API_VERSION = '1.0.0';

const SANDBOX_OR_DEV = /^\/(dev|sandbox|webhooks\/payments\/sandbox)(\/|$)/;
export const isSandboxOrDevPath = (url: string) => SANDBOX_OR_DEV.test(pathOf(url));

/** Ring 1: what comes from outside the app. */
const registerExternal = async (app: FastifyInstance, config: Config) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd-mobile sets styles inline
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // the product is served over plain http on a laptop; upgrading would break it
        upgradeInsecureRequests: null,
      },
    },
  });
  if (config.rateLimitMax > 0) {
    // with several instances the counters must be shared: Redis when configured (docs/decisions/032)
    const redis = config.redisUrl ? new Redis(config.redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1 }) : null;
    if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
    await app.register(rateLimit, {
      max: config.rateLimitMax,
      timeWindow: '1 minute',
      errorResponseBuilder: () => AppError.rateLimited(),
      ...(redis ? { redis, nameSpace: 'kilat-rate-limit:', skipOnError: true } : {}),
    });
  }
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: Limits.uploadMaxBytes, files: 1, fields: 20 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Kilat API', description: 'Every call of spec §7, under the API prefix.', version: API_VERSION },
      components: { securitySchemes: { session: { type: 'http', scheme: 'bearer' }, ...consoleSecurityScheme } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
};

/** Ring 2: the app's own services, built once and shared by the routes. */
const registerServices = (
  app: FastifyInstance,
  options: Required<Pick<BuildAppOptions, 'config' | 'database' | 'clock'>>,
  sms: SmsProvider,
) => {
  const { config, database, clock } = options;
  const db = database.db;
  const authRepository = new AuthRepository(db);
  const sessions = new SessionService(authRepository, clock, config.sessionTtlHours);
  const logins = new LoginService(authRepository, sessions, sms, clock);
  const orders = new OrdersService(new OrdersRepository(db), clock);
  app.decorate('authenticate', sessions.authenticate);
  app.decorateRequest('borrower', null);
  return { authRepository, sessions, logins, orders };
};

/**
 * The outbox drains right after a response when this process wrote an SMS (a hint: the
 * sms-outbox job delivers whatever it misses); the scheduler's rows exist once the app is ready
 * and it ticks when configured to; closing stops it and waits for a drain under way.
 */
const registerJobHooks = (app: FastifyInstance, deps: { config: Config; jobs: JobScheduler; outbox: SmsOutbox }) => {
  const { config, jobs, outbox } = deps;
  app.addHook('onResponse', async () => {
    if (!outbox.hasEnqueued) return;
    outbox.drain().catch((error: unknown) => app.log.error({ err: error }, 'sms outbox drain failed'));
  });
  app.addHook('onReady', async () => {
    await jobs.register();
    if (config.jobsEnabled) jobs.start(JOB_TICK_MS);
  });
  app.addHook('preClose', async () => {
    await jobs.stop();
    await outbox.settle();
  });
};

export const buildApp = async (options: BuildAppOptions): Promise<FastifyInstance> => {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: { ...logOptions(config.logLevel), ...(options.logStream ? { stream: options.logStream } : {}) },
    genReqId: requestIdOf,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  installErrorHandling(app);

  let database = options.database;
  if (!database) {
    database = await openDatabase({
      url: config.databaseUrl,
      pgliteDir: pgliteDirOf(config.dataDir),
      ...config.database,
      onConnectionError: (error) => app.log.warn({ reason: error.message }, 'database connection lost; the pool opens a new one'),
    });
    await migrate(database);
    const owned = database;
    app.addHook('onClose', async () => owned.close());
  }

  const operability: Operability = { metrics: new Metrics({ defaults: options.defaultMetrics ?? true }), readiness: new Readiness() };
  operability.metrics.watchPool(database);
  app.decorate('operability', operability);
  registerOperability(app, { database, ...operability });
  if (config.isProduction) {
    // the sandbox's pages and webhook and the development routes do not exist in production
    app.addHook('onRequest', async (request) => {
      if (isSandboxOrDevPath(request.url)) throw AppError.notFound();
    });
  }

  await registerExternal(app, config);
  const twilio =
    !options.sms && config.sms.provider === 'twilio' && config.sms.twilio ? new TwilioSmsTransport(config.sms.twilio, app.log) : null;
  const inbox = options.sms || twilio ? null : new DevInboxTransport(database.db);
  // every SMS is written to the outbox in the sender's transaction and delivered after commit
  const outbox = new SmsOutbox(database.db, clock, options.sms ?? twilio ?? inbox!, app.log);
  const sms: SmsProvider = outbox;
  const services = registerServices(app, { config, database, clock }, sms);

  const support = createSupportServices(database.db, config, clock, services.orders);
  app.addHook('onClose', async () => support.storage.close?.());

  // Ring 3: routes
  registerUploadRoutes(app, support.uploads);
  const promotion = promotionModule({ db: database.db, clock, sms, isProduction: config.isProduction });
  const catalogue = new RecommendRepository(database.db);
  const loans = loansModule({ db: database.db, clock, config, orders: services.orders, catalogue });
  loans.registerRoutes(app);
  const payments = paymentsModule({ db: database.db, clock, config, orders: services.orders, loans: loans.loans, log: app.log });
  payments.registerRoutes(app);
  const cards = cardsModule({ db: database.db, clock, config, orders: services.orders, sms, payments: payments.payments });
  const jobs = new JobScheduler(
    database.db,
    clock,
    buildJobs({ db: database.db, clock, orders: services.orders, payments: payments.payments, outbox, log: app.log }),
    app.log,
  );
  app.decorate('services', {
    config,
    database,
    clock,
    sms,
    sessions: services.sessions,
    logins: services.logins,
    orders: services.orders,
    jobs,
  });
  registerJobHooks(app, { config, jobs, outbox });
  registerContractRoutes(app, {
    ...loans.handlers,
    ...payments.handlers,
    ...cards.handlers,
    ...supportHandlers(config, support),
    ...authHandlers(services.logins, services.sessions),
    ...promotion.handlers,
    ...recommendHandlers(catalogue),
    ...jointLoginHandlers(catalogue),
    ...myOrdersModule({ orders: services.orders, products: loans.products, loans: loans.loans }).handlers,
    ...loanProductsModule({ db: database.db, clock, products: loans.products }).handlers,
    ...applicationsModule({ db: database.db, clock, products: loans.products }).handlers,
    ...accountHandlers(new AccountService(database.db, services.orders, services.sessions)),
  });
  await consoleModule({ db: database.db, clock, config, complaints: support.complaints, orders: services.orders }).registerRoutes(app);
  if (!config.isProduction) {
    registerDevRoutes(app, {
      auth: services.authRepository,
      sessions: services.sessions,
      orders: services.orders,
      inbox,
      outbox,
      captchas: promotion.peek,
      fresh: { db: database.db, clock, fingerprintKey: config.payments.fingerprintKey },
      payments: { repository: payments.repository, sandbox: payments.gateway, clock },
    });
    // a deployment that forgot NODE_ENV=production would hand out demo sessions: say so at every boot
    app.log.warn(
      'development routes /dev/session, /dev/sms, /dev/captcha and /dev/payments are on; set NODE_ENV=production to remove them',
    );
  }
  const spaFallback = await registerStaticWeb(app, config.webDist);
  const consoleFallback = await registerStaticConsole(app, config.console.dist);

  // replies are sent, not returned: a returned reply is a thenable Fastify would wait on again
  app.setNotFoundHandler((request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && isConsolePage(request.url)) {
      consoleFallback(request, reply);
      return;
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && !isServerPath(request.url)) {
      spaFallback(request, reply);
      return;
    }
    if (request.url.startsWith(API_PREFIX)) request.log.info({ url: pathOf(request.url) }, 'unknown API path');
    sendAppError(request, reply, AppError.notFound());
  });
  return app;
};
