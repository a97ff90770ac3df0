/**
 * The sandbox's mandate page (issue 51 item 2, decision 246): where a sandbox mandate's `authUrl`
 * leads, standing in for the payer's UPI app or bank. Server-rendered HTML in the market's
 * language, no script, plain forms: approve (its debits then paid, or declined) or decline; the
 * sandbox sends the signed mandate event, then the borrower goes back (303) to loan details.
 * Under /sandbox, so production answers 404 before it (plugins/platform.ts).
 */
import { formatDate, formatMoney, Locale, localeOf } from '@kilat/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { escapeHtml, htmlPage } from '../../../http/html.js';
import type { OrdersService } from '../../orders/service.js';
import { borrowDetailUrl } from '../checkout.js';
import {
  SANDBOX_MANDATE_OUTCOMES,
  SANDBOX_MANDATE_PAGE,
  type SandboxGateway,
  type SandboxMandateOutcome,
} from '../gateways/sandbox/sandbox-gateway.js';
import type { MandatesService } from './service.js';

const texts = {
  [Locale.India]: {
    title: 'Approve AutoPay',
    merchant: 'Merchant',
    cap: 'Up to, per debit',
    until: 'Valid until',
    'debits-paid': 'Approve (debits are paid)',
    'debits-fail': 'Approve (debits fail)',
    reject: 'Decline',
    closed: 'This mandate is no longer waiting for approval.',
    back: 'Back to my loan',
    notFound: 'This mandate page does not exist.',
    sandbox: 'Sandbox: no real money moves.',
  },
  [Locale.Indonesia]: {
    title: 'Setujui AutoPay',
    merchant: 'Merchant',
    cap: 'Paling banyak, per debit',
    until: 'Berlaku sampai',
    'debits-paid': 'Setujui (debit dibayar)',
    'debits-fail': 'Setujui (debit gagal)',
    reject: 'Tolak',
    closed: 'Mandat ini tidak lagi menunggu persetujuan.',
    back: 'Kembali ke pinjaman saya',
    notFound: 'Halaman mandat ini tidak ada.',
    sandbox: 'Sandbox: tidak ada uang sungguhan yang berpindah.',
  },
} as const;

// the checkout page's look: dark text on white, white on dark green, both above WCAG AA's 4.5:1
const STYLE = `body{margin:0;font-family:system-ui,sans-serif;background:#f4f4f4;color:#1a1a1a}
main{max-width:420px;margin:0 auto;padding:24px 16px}h1{font-size:1.4rem;margin:0 0 16px}
.card{background:#fff;border-radius:12px;padding:20px;margin-bottom:16px}dl{margin:0}dt{font-size:.9rem;color:#4a4a4a}
dd{margin:0 0 12px;font-size:1.1rem;font-weight:600}form{margin:0 0 12px}
button,a.button{display:block;box-sizing:border-box;width:100%;min-height:48px;border-radius:24px;font-size:1rem;font-weight:600;text-align:center;text-decoration:none;line-height:48px;cursor:pointer}
.pay{background:#0b6b3a;color:#fff;border:0}.cancel{background:#fff;color:#1a1a1a;border:2px solid #1a1a1a;line-height:44px}
.note{font-size:.85rem;color:#4a4a4a;text-align:center}`;

const MANDATE_REF = /^MD[A-Z2-7]{18}$/;

export interface MandatePageDeps {
  orders: OrdersService;
  mandates: MandatesService;
  sandbox: SandboxGateway;
}

export const registerMandatePage = (app: FastifyInstance, deps: MandatePageDeps) => {
  const find = async (ref: string) => {
    if (!MANDATE_REF.test(ref)) return null;
    const mandate = await deps.mandates.findByPublicId(ref);
    return mandate?.gateway === deps.sandbox.name ? mandate : null;
  };
  const html = (reply: FastifyReply, status: number, locale: Locale, body: string) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(htmlPage({ lang: locale, title: `Kilat · ${texts[locale].title}`, style: STYLE, body: `<main>${body}</main>` }));

  app.get<{ Params: { ref: string } }>(`${SANDBOX_MANDATE_PAGE}/:ref`, { schema: { hide: true } }, async (request, reply) => {
    const mandate = await find(request.params.ref);
    if (!mandate) return html(reply, 404, Locale.India, `<h1>${escapeHtml(texts[Locale.India].notFound)}</h1>`);
    const locale = localeOf(mandate.market);
    const t = texts[locale];
    const order = await deps.orders.repository.findById(mandate.orderId);
    const action = `${SANDBOX_MANDATE_PAGE}/${encodeURIComponent(mandate.publicId)}/answer`;
    const summary = `<div class="card"><dl><dt>${escapeHtml(t.merchant)}</dt><dd>Kilat</dd><dt>${escapeHtml(t.cap)}</dt><dd>${escapeHtml(formatMoney(mandate.maxAmountMinor, mandate.market))}</dd><dt>${escapeHtml(t.until)}</dt><dd>${escapeHtml(formatDate(mandate.expiresAt, mandate.market))}</dd></dl></div>`;
    const actions =
      mandate.status === 'created'
        ? SANDBOX_MANDATE_OUTCOMES.map(
            (outcome) =>
              `<form method="post" action="${action}"><input type="hidden" name="outcome" value="${outcome}"><button type="submit" class="${outcome === 'reject' ? 'cancel' : 'pay'}">${escapeHtml(t[outcome])}</button></form>`,
          ).join('')
        : `<p>${escapeHtml(t.closed)}</p><a class="button cancel" href="${escapeHtml(order ? borrowDetailUrl(order) : '/')}">${escapeHtml(t.back)}</a>`;
    return html(reply, 200, locale, `<h1>${escapeHtml(t.title)}</h1>${summary}${actions}<p class="note">${escapeHtml(t.sandbox)}</p>`);
  });

  app.post<{ Params: { ref: string } }>(
    `${SANDBOX_MANDATE_PAGE}/:ref/answer`,
    {
      schema: {
        hide: true,
        body: z.object({ outcome: z.enum(SANDBOX_MANDATE_OUTCOMES as [SandboxMandateOutcome, ...SandboxMandateOutcome[]]) }),
      },
    },
    async (request, reply) => {
      const mandate = await find(request.params.ref);
      if (!mandate) return html(reply, 404, Locale.India, `<h1>${escapeHtml(texts[Locale.India].notFound)}</h1>`);
      const { outcome } = request.body as { outcome: SandboxMandateOutcome };
      if (mandate.status === 'created') await deps.sandbox.answerMandate(mandate.publicId, outcome);
      const order = await deps.orders.repository.findById(mandate.orderId);
      return reply
        .code(303)
        .header('location', order ? borrowDetailUrl(order) : '/')
        .send();
    },
  );
};
