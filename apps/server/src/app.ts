/**
 * The Fastify app in three rings, as fastify/demo builds it: external plugins (security, limits,
 * body parsers, OpenAPI), the app's own services (database, repositories, SMS, sessions), routes.
 */
import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_PREFIX, Limits } from '@kilat/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { type Database, openDatabase, pgliteDirOf } from './db/database.js';
import { migrate } from './db/migrate.js';
import { AppError } from './http/app-error.js';
import { registerContractRoutes } from './http/contract-route.js';
import { installErrorHandling, sendAppError } from './http/error-handler.js';
import { type Clock, systemClock } from './lending/clock.js';
import { authHandlers } from './modules/auth/handlers.js';
import { LoginService } from './modules/auth/login-service.js';
import { AuthRepository } from './modules/auth/repository.js';
import { SessionService } from './modules/auth/session-service.js';
import { cardsModule } from './modules/cards/module.js';
import { consoleModule } from './modules/console/module.js';
import { consoleSecurityScheme } from './modules/console/routes.js';
import { registerDevRoutes } from './modules/dev/routes.js';
import { jointLoginHandlers } from './modules/joint-login/handlers.js';
import { loansModule } from './modules/loans/module.js';
import { OrdersRepository } from './modules/orders/repository.js';
import { OrdersService } from './modules/orders/service.js';
import { paymentsModule } from './modules/payments/module.js';
import { promotionModule } from './modules/promotion/module.js';
import { recommendHandlers } from './modules/recommend/handlers.js';
import { RecommendRepository } from './modules/recommend/repository.js';
import { InboxSmsProvider, type SmsProvider } from './modules/sms/sms-provider.js';
import { supportHandlers } from './modules/support/handlers.js';
import { createSupportServices } from './modules/support/services.js';
import { registerUploadRoutes } from './modules/uploads/handlers.js';
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
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** an open, migrated database; without one the app opens (and closes) its own */
  database?: Database;
  clock?: Clock;
  /** replaces the dev-inbox SMS provider */
  sms?: SmsProvider;
}

const API_VERSION = '1.0.0';

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
    await app.register(rateLimit, {
      max: config.rateLimitMax,
      timeWindow: '1 minute',
      errorResponseBuilder: () => AppError.rateLimited(),
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
  app.decorate('services', { config, database, clock, sms, sessions, logins, orders });
  app.decorate('authenticate', sessions.authenticate);
  app.decorateRequest('borrower', null);
  return { authRepository, sessions, logins, orders };
};

export const buildApp = async (options: BuildAppOptions): Promise<FastifyInstance> => {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization'] },
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  installErrorHandling(app);

  let database = options.database;
  if (!database) {
    database = await openDatabase({ url: config.databaseUrl, pgliteDir: pgliteDirOf(config.dataDir) });
    await migrate(database);
    const owned = database;
    app.addHook('onClose', async () => owned.close());
  }

  await registerExternal(app, config);
  const inbox = options.sms ? null : new InboxSmsProvider(database.db, app.log);
  const sms = options.sms ?? inbox!;
  const services = registerServices(app, { config, database, clock }, sms);

  const support = createSupportServices(database.db, config, clock, services.orders);

  // Ring 3: routes
  registerUploadRoutes(app, support.uploads);
  const promotion = promotionModule({ db: database.db, clock, sms, isProduction: config.isProduction });
  const catalogue = new RecommendRepository(database.db);
  const loans = loansModule({ db: database.db, clock, config, orders: services.orders, catalogue });
  loans.registerRoutes(app);
  const payments = paymentsModule({ db: database.db, clock, config, orders: services.orders, loans: loans.loans, log: app.log });
  payments.registerRoutes(app);
  const cards = cardsModule({ db: database.db, clock, config, orders: services.orders, sms, payments: payments.payments });
  registerContractRoutes(app, {
    ...loans.handlers,
    ...payments.handlers,
    ...cards.handlers,
    ...supportHandlers(config, support),
    ...authHandlers(services.logins),
    ...promotion.handlers,
    ...recommendHandlers(catalogue),
    ...jointLoginHandlers(catalogue),
  });
  await consoleModule({ db: database.db, clock, config, complaints: support.complaints, orders: services.orders }).registerRoutes(app);
  if (!config.isProduction) {
    registerDevRoutes(app, {
      auth: services.authRepository,
      sessions: services.sessions,
      orders: services.orders,
      inbox,
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
    if (request.url.startsWith(API_PREFIX)) request.log.info({ url: request.url }, 'unknown API path');
    sendAppError(request, reply, AppError.notFound());
  });
  return app;
};
