/**
 * Indonesia's repay by virtual account or mini-market code (spec §2 /that and /individual, §7
 * init-pay-type and generate-vcode). India repays by card or the hosted checkout: these calls
 * answer paymentMethodUnavailable there.
 */
import { formatDateTime, formatMoney, Limits, type Locale, Market, PayType, ResultCode } from '@kilat/contract';
import type { CallData } from '@kilat/contract/schemas';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { type Order, orders, type Payment, type PaymentPurpose } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../lending/clock.js';
import type { SessionBorrower } from '../auth/session-service.js';
import type { OrdersService } from '../orders/service.js';
import { type BankMethodCode, findMiniMarket, findVirtualAccountBank, miniMarkets, virtualAccountBanks } from './catalogue.js';
import { couponIdOf, heldOn, holdCoupon, namedCoupon, type PaymentCoupons, sameAsked } from './coupon-hold.js';
import { bankPaySteps, methodNames, miniMarketPaySteps } from './pay-steps.js';
import type { PaymentsRepository } from './repository.js';
import type { PaymentsService } from './service.js';

const HOUR_MS = 3_600_000;

export const paymentMethodUnavailable = () => new AppError(ResultCode.InvalidRequest, 'paymentMethodUnavailable', 400);
const bankNotSupported = () => new AppError(ResultCode.InvalidRequest, 'bankNotSupported', 400);
const loanMismatch = () => new AppError(ResultCode.InvalidRequest, 'loanProductMismatch', 400);

export interface VirtualAccountsDeps {
  db: Db;
  clock: Clock;
  config: Config;
  orders: OrdersService;
  payments: PaymentsService;
  repository: PaymentsRepository;
  coupons: PaymentCoupons;
}

export interface GenerateInput {
  productId: string;
  orderId: string;
  amount: number;
  payCode: string;
  pay_type: number;
  specific_num?: string | undefined;
  purpose: PaymentPurpose;
  couponId?: string | undefined;
}

/** The chosen bank and its way to pay, or the chosen mini market. */
type Choice =
  | { kind: 'bank'; payCode: string; name: string; method: BankMethodCode }
  | { kind: 'mini-market'; payCode: string; name: string };

export class VirtualAccountsService {
  constructor(private readonly deps: VirtualAccountsDeps) {}

  /** The borrower's order made with the product the page names; Indonesia only. */
  private async ownedOrder(borrower: SessionBorrower, productId: string, orderId: string): Promise<Order> {
    if (borrower.market !== Market.Indonesia) throw paymentMethodUnavailable();
    const order = await this.deps.orders.requireOwned(borrower.id, orderId);
    if (String(order.productId) !== productId.trim()) throw loanMismatch();
    return order;
  }

  async initPayType(
    borrower: SessionBorrower,
    input: { productId: string; orderId: string; pay_type: number },
    locale: Locale,
  ): Promise<CallData<'initPayType'>> {
    const order = await this.ownedOrder(borrower, input.productId, input.orderId);
    if (input.pay_type === PayType.Bank) {
      return {
        list: virtualAccountBanks[order.market].map((bank) => ({
          bankName: bank.bankName,
          payCode: bank.payCode,
          method: bank.methods.map((code) => ({ name: methodNames[locale][code], code })),
        })),
      };
    }
    return { list: miniMarkets[order.market].map((shop) => ({ bankName: shop.name, payCode: shop.payCode, method: [] })) };
  }

  private choiceOf(market: Market, input: GenerateInput): Choice {
    const payCode = input.payCode.trim();
    if (input.pay_type === PayType.Bank) {
      const bank = findVirtualAccountBank(market, payCode);
      if (!bank) throw bankNotSupported();
      const method = bank.methods.find((code) => code === input.specific_num?.trim());
      if (!method) throw paymentMethodUnavailable();
      return { kind: 'bank', payCode: bank.payCode, name: bank.bankName, method };
    }
    const shop = findMiniMarket(market, payCode);
    if (!shop) throw paymentMethodUnavailable();
    return { kind: 'mini-market', payCode: shop.payCode, name: shop.name };
  }

  async generate(borrower: SessionBorrower, input: GenerateInput, locale: Locale): Promise<CallData<'generateVirtualAccount'>> {
    const order = await this.ownedOrder(borrower, input.productId, input.orderId);
    const choice = this.choiceOf(order.market, input);
    // a mini market takes at most Rp 5,000,000 a payment: a larger repayment gets a code for the limit, the rest stays owed
    const split = choice.kind === 'mini-market' && input.amount > Limits.miniMarketMaxMinor;
    // an extension fee is paid whole or not at all
    if (split && input.purpose === 'delay') throw paymentMethodUnavailable();
    const amountMinor = split ? Limits.miniMarketMaxMinor : input.amount;
    const method = choice.kind === 'bank' ? 'virtual_account' : 'mini_market';
    const couponId = couponIdOf(input.couponId);
    const { payment, coupon } = await this.deps.db.transaction(async (tx) => {
      // one code at a time per order, so two quick openings of the page still share one code
      await tx.execute(sql`SELECT ${orders.id} FROM ${orders} WHERE ${orders.id} = ${order.id} FOR UPDATE`);
      const state = await this.deps.orders.withStatus(order, tx);
      this.deps.payments.checkAmountIn(state, input.purpose, input.amount);
      const now = this.deps.clock.now();
      const named = await namedCoupon(this.deps.coupons, tx, borrower.id, couponId);
      const open = await this.deps.repository.openCodesOf(order.id, input.purpose, [method], tx);
      // the same bank, shop and method, amount and coupon (issue 50): the code already open is shown again
      const reusable = open.find(
        (code) => code.payCode === choice.payCode && code.expiresAt !== null && code.expiresAt > now && sameAsked(code, amountMinor, named),
      );
      if (reusable) return { payment: reusable, coupon: heldOn(reusable, named) };
      // one open code per order and purpose (issues 48, 51): another bank, shop or method closes the codes chosen
      // before, at the gateway and here, before the new one is opened; a gateway that refuses leaves them as they were
      // (a coupon a closed code held is free again, and may be held by this one)
      await this.deps.payments.closeOpenCodes(order, input.purpose, null, tx);
      const expiresAt = new Date(now.getTime() + Limits.paymentCodeTtlHours * HOUR_MS);
      // the coupon's discount on this code's amount, held while the code is open (decision 271)
      const held = await holdCoupon(this.deps.coupons, tx, borrower.id, {
        couponId,
        state,
        purpose: input.purpose,
        amountMinor,
        expiresAt,
      });
      const created = await this.deps.payments.createWith(
        {
          borrowerId: borrower.id,
          order,
          purpose: input.purpose,
          method,
          amountMinor: amountMinor - held.couponMoney,
          repayTokenHash: held.repayTokenHash,
        },
        { payCode: choice.payCode, specificNum: choice.kind === 'bank' ? choice.method : null, expiresAt },
        tx,
      );
      // the sandbox answers at once; a real gateway's call here would hold the order's lock for its round trip
      const gateway = this.deps.payments.gatewayFor(order.market);
      const request = { paymentRef: created.publicId, market: order.market, amountMinor: created.amountMinor, expiresAt };
      const issued =
        choice.kind === 'bank'
          ? await gateway.createVirtualAccount({ ...request, bankCode: choice.payCode }).then((va) => ({ ...va, code: va.accountNumber }))
          : await gateway.createMiniMarketCode({ ...request, marketCode: choice.payCode }).then((mm) => ({ ...mm, code: mm.paymentCode }));
      const updated = await this.deps.repository.update(
        created.id,
        { vcode: issued.code, gatewayRef: issued.gatewayRef, status: 'submitted' },
        tx,
      );
      return { payment: updated, coupon: held };
    });
    return this.view(payment, choice, locale, input, split ? input.amount - amountMinor : 0, coupon.couponMoney);
  }

  private view(
    payment: Payment,
    choice: Choice,
    locale: Locale,
    input: GenerateInput,
    remainingAmount: number,
    couponMoney: number,
  ): CallData<'generateVirtualAccount'> {
    const code = payment.vcode ?? '';
    const amount = formatMoney(payment.amountMinor, payment.market);
    const bank = choice.kind === 'bank';
    return {
      amount: payment.amountMinor,
      vcode: code,
      cardNo: payment.publicId,
      payType: input.pay_type,
      payCode: choice.payCode,
      payStep: bank
        ? bankPaySteps(locale, choice.method, { bank: choice.name, code, amount })
        : miniMarketPaySteps(locale, { shop: choice.name, code, amount }),
      specificNum: bank ? choice.method : '',
      telephone: this.deps.config.support[payment.market].smWa,
      payName: bank ? `${choice.name} (${methodNames[locale][choice.method]})` : choice.name,
      expiryTime: payment.expiresAt ? formatDateTime(payment.expiresAt, payment.market) : '',
      remainingAmount,
      couponMoney,
    };
  }
}
