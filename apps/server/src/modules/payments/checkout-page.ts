/**
 * The sandbox's hosted checkout page (the third-party option): server-rendered HTML in the
 * payment's market language, with no script (the CSP forbids inline scripts) and two plain
 * forms. Pay makes the sandbox send the signed succeeded webhook; Cancel a failed one; both
 * then go back (303) to the payment result screen (decision 050).
 */
import { formatMoney, Locale, localeOf } from '@kilat/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Payment } from '../../db/schema.js';
import { escapeHtml, htmlPage } from '../../http/html.js';
import type { Clock } from '../../lending/clock.js';
import type { OrdersService } from '../orders/service.js';
import { borrowDetailUrl, paymentResultUrl } from './checkout.js';
import type { SandboxGateway } from './gateways/sandbox/sandbox-gateway.js';
import type { PaymentsRepository } from './repository.js';
import { OPEN_STATUSES } from './repository.js';

export const CHECKOUT_PATH = '/sandbox/checkout';

const texts = {
  [Locale.India]: {
    title: 'Secure payment',
    merchant: 'Merchant',
    amount: 'Amount to pay',
    pay: 'Pay',
    cancel: 'Cancel',
    closed: 'This payment is no longer open.',
    back: 'Back to my loan',
    notFound: 'This payment page does not exist.',
    sandbox: 'Sandbox: no real money moves.',
  },
  [Locale.Indonesia]: {
    title: 'Pembayaran aman',
    merchant: 'Merchant',
    amount: 'Jumlah yang dibayar',
    pay: 'Bayar',
    cancel: 'Batal',
    closed: 'Pembayaran ini sudah tidak terbuka.',
    back: 'Kembali ke pinjaman saya',
    notFound: 'Halaman pembayaran ini tidak ada.',
    sandbox: 'Sandbox: tidak ada uang sungguhan yang berpindah.',
  },
} as const;

// dark text on white and white on a dark green: both above WCAG AA's 4.5:1
const STYLE = `body{margin:0;font-family:system-ui,sans-serif;background:#f4f4f4;color:#1a1a1a}
main{max-width:420px;margin:0 auto;padding:24px 16px}h1{font-size:1.4rem;margin:0 0 16px}
.card{background:#fff;border-radius:12px;padding:20px;margin-bottom:16px}dl{margin:0}dt{font-size:.9rem;color:#4a4a4a}
dd{margin:0 0 12px;font-size:1.1rem;font-weight:600}.amount{font-size:1.6rem}form{margin:0 0 12px}
button,a.button{display:block;box-sizing:border-box;width:100%;min-height:48px;border-radius:24px;font-size:1rem;font-weight:600;text-align:center;text-decoration:none;line-height:48px;cursor:pointer}
.pay{background:#0b6b3a;color:#fff;border:0}.cancel{background:#fff;color:#1a1a1a;border:2px solid #1a1a1a;line-height:44px}
.note{font-size:.85rem;color:#4a4a4a;text-align:center}`;

const page = (locale: Locale, body: string) => htmlPage({ lang: locale, title: `Kilat · ${texts[locale].title}`, style: STYLE, body });

export interface CheckoutPageDeps {
  clock: Clock;
  orders: OrdersService;
  repository: PaymentsRepository;
  sandbox: SandboxGateway;
}

export const registerCheckoutPage = (app: FastifyInstance, deps: CheckoutPageDeps) => {
  const find = (ref: string) =>
    /^cs_[A-Z2-7]{20}$/.test(ref) ? deps.repository.findByGatewayRef(deps.sandbox.name, ref) : Promise.resolve(null);
  const isOpen = (payment: Payment) =>
    OPEN_STATUSES.includes(payment.status) && payment.expiresAt !== null && payment.expiresAt > deps.clock.now();
  const html = (reply: FastifyReply, status: number, text: string) =>
    reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(text);
  const notFound = (reply: FastifyReply) =>
    html(reply, 404, page(Locale.Indonesia, `<h1>${escapeHtml(texts[Locale.Indonesia].notFound)}</h1>`));
  const back = async (reply: FastifyReply, payment: Payment) => {
    const order = await deps.orders.repository.findById(payment.orderId);
    return reply
      .code(303)
      .header('location', order ? paymentResultUrl(order, payment.publicId) : '/')
      .send();
  };

  app.get<{ Params: { ref: string } }>(`${CHECKOUT_PATH}/:ref`, { schema: { hide: true } }, async (request, reply) => {
    const payment = await find(request.params.ref);
    if (payment?.method !== 'checkout') return notFound(reply);
    const locale = localeOf(payment.market);
    const t = texts[locale];
    const action = `${CHECKOUT_PATH}/${encodeURIComponent(request.params.ref)}`;
    const order = await deps.orders.repository.findById(payment.orderId);
    const backLink = `<a class="button cancel" href="${escapeHtml(order ? borrowDetailUrl(order) : '/')}">${escapeHtml(t.back)}</a>`;
    const summary = `<div class="card"><dl><dt>${escapeHtml(t.merchant)}</dt><dd>Kilat</dd><dt>${escapeHtml(t.amount)}</dt><dd class="amount">${escapeHtml(formatMoney(payment.amountMinor, payment.market))}</dd></dl></div>`;
    const actions = isOpen(payment)
      ? `<form method="post" action="${action}/pay"><button type="submit" class="pay">${escapeHtml(t.pay)}</button></form><form method="post" action="${action}/cancel"><button type="submit" class="cancel">${escapeHtml(t.cancel)}</button></form>`
      : `<p>${escapeHtml(t.closed)}</p>${backLink}`;
    return html(
      reply,
      200,
      page(locale, `<h1>${escapeHtml(t.title)}</h1>${summary}${actions}<p class="note">${escapeHtml(t.sandbox)}</p>`),
    );
  });

  app.post<{ Params: { ref: string } }>(`${CHECKOUT_PATH}/:ref/pay`, { schema: { hide: true } }, async (request, reply) => {
    const payment = await find(request.params.ref);
    if (payment?.method !== 'checkout') return notFound(reply);
    if (isOpen(payment)) await deps.sandbox.settle(payment);
    return back(reply, payment);
  });

  app.post<{ Params: { ref: string } }>(`${CHECKOUT_PATH}/:ref/cancel`, { schema: { hide: true } }, async (request, reply) => {
    const payment = await find(request.params.ref);
    if (payment?.method !== 'checkout') return notFound(reply);
    // as a gateway reports an abandoned checkout: the payment closes, and a new one starts from the repay page
    if (isOpen(payment)) await deps.sandbox.send('payment.failed', payment, 'cancelled_by_borrower');
    return back(reply, payment);
  });
};
