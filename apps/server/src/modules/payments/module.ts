/**
 * Builds the payments side of issue 5: the gateways (the sandbox built in; Razorpay and Xendit
 * when configured, issue 16), the payments core
 * the card flow uses (PaymentsPort), the signed webhook route, virtual accounts and mini-market
 * codes, and the third-party hosted checkout.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RepaymentCodes } from '../otp/repayment-codes.js';
import { CheckoutService, registerReturnRoute } from './checkout.js';
import { registerCheckoutPage } from './checkout-page.js';
import { RAZORPAY_GATEWAY, RazorpayGateway } from './gateways/razorpay/razorpay-gateway.js';
import { SandboxGateway } from './gateways/sandbox/sandbox-gateway.js';
import { XENDIT_GATEWAY, XenditGateway } from './gateways/xendit/xendit-gateway.js';
import { paymentHandlers } from './handlers.js';
import { registerMandatePage } from './mandates/sandbox-page.js';
import { MandatesService } from './mandates/service.js';
import { PaymentResultService } from './payment-result.js';
import type { PaymentGateway } from './ports.js';
import { PaymentsRepository } from './repository.js';
import { PaymentsService } from './service.js';
import { UpiService } from './upi.js';
import { VirtualAccountsService } from './virtual-accounts.js';
import { WalletService } from './wallets.js';
import { registerWebhookRoutes, sandboxTransport } from './webhook-routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    payments: { payments: PaymentsService; gateway: SandboxGateway; repository: PaymentsRepository; mandates: MandatesService };
  }
}

const paymentsModule = async (app: FastifyInstance) => {
  const { database, clock, config, orders, loans, sms, coupons } = app;
  const db = database.db;
  const repository = new PaymentsRepository(db, (rows) => sms.claimedInsertFrom(rows));
  const sandbox = new SandboxGateway(config.payments.webhookSecret, clock);
  // the sandbox stays registered outside production for the payments it already holds; production has no route to it (plugins/platform.ts)
  const gateways = new Map<string, PaymentGateway>([[sandbox.name, sandbox]]);
  if (config.payments.razorpay) gateways.set(RAZORPAY_GATEWAY, new RazorpayGateway(config.payments.razorpay));
  if (config.payments.xendit) gateways.set(XENDIT_GATEWAY, new XenditGateway(config.payments.xendit));
  // decision 130: a delivery signed with a webhook secret rotated out is accepted until the old value's end
  const beforeRotation = new Map<string, { gateway: PaymentGateway; until: Date }>();
  const { webhookSecretPrevious } = config.payments;
  const { razorpay, xendit } = config.payments;
  if (webhookSecretPrevious) {
    beforeRotation.set(sandbox.name, {
      gateway: new SandboxGateway(webhookSecretPrevious.value, clock),
      until: webhookSecretPrevious.until,
    });
  }
  if (razorpay?.webhookSecretPrevious) {
    const old = razorpay.webhookSecretPrevious;
    beforeRotation.set(RAZORPAY_GATEWAY, { gateway: new RazorpayGateway({ ...razorpay, webhookSecret: old.value }), until: old.until });
  }
  if (xendit?.callbackTokenPrevious) {
    const old = xendit.callbackTokenPrevious;
    beforeRotation.set(XENDIT_GATEWAY, { gateway: new XenditGateway({ ...xendit, callbackToken: old.value }), until: old.until });
  }
  // the loans module's extension offers (LoansService)
  const payments = new PaymentsService({
    db,
    clock,
    config,
    orders,
    repository,
    extensions: loans,
    gateways,
    codes: new RepaymentCodes(db),
    sms,
    log: app.log,
  });
  const virtualAccounts = new VirtualAccountsService({ db, clock, config, orders, payments, repository, coupons });
  const checkout = new CheckoutService({ db, clock, orders, payments, repository, coupons });
  const results = new PaymentResultService({ db, clock, orders, repository });
  // India's AutoPay (issue 51 item 2): its gateways' mandate events come in through the one webhook route
  const mandates = new MandatesService({ db, clock, orders, payments, log: app.log });
  payments.onMandateEvent((gateway, event) => mandates.applyEvent(gateway, event));
  app.decorate('payments', { payments, gateway: sandbox, repository, mandates });
  const upi = new UpiService({ db, clock, orders, payments, repository, coupons });
  const wallets = new WalletService({ db, clock, orders, payments, repository, coupons });
  app.calls.handle(paymentHandlers(virtualAccounts, checkout, results, upi, wallets, mandates));
  registerWebhookRoutes(app, payments, beforeRotation);
  registerReturnRoute(app);
  registerCheckoutPage(app, { clock, orders, repository, sandbox });
  registerMandatePage(app, { orders, mandates, sandbox });
  // the sandbox confirms through the webhook route's own function, signature and all, without a second trip through HTTP
  sandbox.connect(sandboxTransport(payments, sandbox, app.log));
};

export default fp(paymentsModule, { name: 'payments', dependencies: ['orders', 'loans', 'coupons'] });
