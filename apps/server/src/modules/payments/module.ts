/**
 * Builds the payments side of issue 5: the gateways (the sandbox built in; Razorpay and Xendit
 * when configured, issue 16), the payments core
 * the card flow uses (PaymentsPort), the signed webhook route, virtual accounts and mini-market
 * codes, and the third-party hosted checkout.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { CallHandlers } from '../../http/contract-route.js';
import type { Clock } from '../../lending/clock.js';
import type { OrdersService } from '../orders/service.js';
import { CheckoutService, registerReturnRoute } from './checkout.js';
import { registerCheckoutPage } from './checkout-page.js';
import { paymentHandlers } from './handlers.js';
import { PaymentResultService } from './payment-result.js';
import type { PaymentGateway } from './ports.js';
import { RAZORPAY_GATEWAY, RazorpayGateway } from './razorpay-gateway.js';
import { PaymentsRepository } from './repository.js';
import { SandboxGateway } from './sandbox-gateway.js';
import { type ExtensionOffers, PaymentsService } from './service.js';
import { VirtualAccountsService } from './virtual-accounts.js';
import { registerWebhookRoutes, WEBHOOK_PATH } from './webhook-routes.js';
import { XENDIT_GATEWAY, XenditGateway } from './xendit-gateway.js';

export interface PaymentsModuleDeps {
  db: Db;
  clock: Clock;
  config: Config;
  orders: OrdersService;
  /** the loans module's extension offers (LoansService) */
  loans: ExtensionOffers;
  log: FastifyBaseLogger;
}

export const paymentsModule = ({ db, clock, config, orders, loans, log }: PaymentsModuleDeps) => {
  const repository = new PaymentsRepository(db);
  const sandbox = new SandboxGateway(config.payments.webhookSecret, clock);
  // the sandbox stays registered outside production for the payments it already holds; production has no route to it (app.ts)
  const gateways = new Map<string, PaymentGateway>([[sandbox.name, sandbox]]);
  if (config.payments.razorpay) gateways.set(RAZORPAY_GATEWAY, new RazorpayGateway(config.payments.razorpay));
  if (config.payments.xendit) gateways.set(XENDIT_GATEWAY, new XenditGateway(config.payments.xendit));
  const payments = new PaymentsService({ db, clock, config, orders, repository, extensions: loans, gateways, log });
  const virtualAccounts = new VirtualAccountsService({ db, clock, config, orders, payments, repository });
  const checkout = new CheckoutService({ db, clock, orders, payments, repository });
  const results = new PaymentResultService({ db, orders, repository });
  const handlers: CallHandlers = paymentHandlers(virtualAccounts, checkout, results);
  const registerRoutes = (app: FastifyInstance) => {
    registerWebhookRoutes(app, payments);
    registerReturnRoute(app);
    registerCheckoutPage(app, { clock, orders, repository, sandbox });
    // the sandbox calls our own route, signature and all, exactly as a real gateway's HTTP call arrives
    sandbox.connect(async (rawBody, headers) => {
      const response = await app.inject({ method: 'POST', url: `${WEBHOOK_PATH}/${sandbox.name}`, payload: rawBody, headers });
      return response.statusCode;
    });
  };
  return { handlers, registerRoutes, payments, gateway: sandbox, repository };
};

export type PaymentsModule = ReturnType<typeof paymentsModule>;
