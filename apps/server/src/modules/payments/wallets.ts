/**
 * Indonesia's e-wallets and QRIS (issue 51, decision 241): an e-wallet charge (OVO, DANA, ShopeePay,
 * LinkAja) or a dynamic QRIS code for exactly the amount, through the market's gateway (Xendit, or
 * the sandbox). Only the gateway's callback says it is paid; the posting, the waterfall and the
 * at-most-owed rule are the payments core's. Opening one closes the order's other open codes and
 * charges first (`PaymentsService.closeOpenCodes`, the method-switch path), so one at a time can take money.
 */
import { formatDateTime, Limits, Market, parsePhone, ResultCode } from '@kilat/contract';
import type { CallData, WalletChannel } from '@kilat/contract/schemas';
import type { Db } from '../../db/database.js';
import type { PaymentPurpose } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../lending/clock.js';
import type { SessionBorrower } from '../auth/session-service.js';
import type { OrdersService } from '../orders/service.js';
import { returnUrlOf } from './checkout.js';
import { couponIdOf, holdCoupon, type PaymentCoupons } from './coupon-hold.js';
import type { PaymentsRepository } from './repository.js';
import type { PaymentsService } from './service.js';
import { qrImageOf } from './upi.js';
import { paymentMethodUnavailable } from './virtual-accounts.js';

const MINUTE_MS = 60_000;

// the disbursal form's words for the same check: an e-wallet's phone starting with 08
const invalidPhone = () => new AppError(ResultCode.InvalidRequest, 'disbursalWalletPhoneInvalid', 400);

export interface WalletDeps {
  db: Db;
  clock: Clock;
  orders: OrdersService;
  payments: PaymentsService;
  repository: PaymentsRepository;
  coupons: PaymentCoupons;
}

export interface WalletInput {
  orderId: string;
  amount: number;
  purpose: PaymentPurpose;
  channel: WalletChannel;
  mobileNumber?: string | undefined;
  couponId?: string | undefined;
}

export class WalletService {
  constructor(private readonly deps: WalletDeps) {}

  async open(borrower: SessionBorrower, input: WalletInput): Promise<CallData<'walletPayment'>> {
    if (borrower.market !== Market.Indonesia) throw paymentMethodUnavailable();
    // OVO asks in its app, by the account's phone: checked before anything is opened
    const mobileNumber = input.channel === 'OVO' ? parsePhone(input.mobileNumber ?? '', Market.Indonesia) : null;
    if (input.channel === 'OVO' && !mobileNumber) throw invalidPhone();
    const order = await this.deps.orders.requireOwned(borrower.id, input.orderId);
    const method = input.channel === 'QRIS' ? 'qris' : 'ewallet';
    const couponId = couponIdOf(input.couponId);
    const { payment, checkoutUrl, couponMoney } = await this.deps.db.transaction(async (tx) => {
      const now = this.deps.clock.now();
      await this.deps.orders.repository.lock(order.id, tx);
      const state = await this.deps.orders.withStatus(order, tx);
      this.deps.payments.checkAmountIn(state, input.purpose, input.amount);
      // the method-switch path: whatever code or charge the borrower held before takes no more money (and frees its coupon)
      await this.deps.payments.closeOpenCodes(order, input.purpose, null, tx);
      const expiresAt = new Date(now.getTime() + Limits.walletCodeTtlMinutes * MINUTE_MS);
      // the coupon's discount, held while the charge or code is open (decision 271)
      const held = await holdCoupon(this.deps.coupons, tx, borrower.id, {
        couponId,
        state,
        purpose: input.purpose,
        amountMinor: input.amount,
        expiresAt,
      });
      const created = await this.deps.payments.createWith(
        {
          borrowerId: borrower.id,
          order,
          purpose: input.purpose,
          method,
          amountMinor: input.amount - held.couponMoney,
          repayTokenHash: held.repayTokenHash,
        },
        { expiresAt, payCode: input.channel },
        tx,
      );
      const gateway = this.deps.payments.gatewayFor(order.market);
      const request = { paymentRef: created.publicId, market: order.market, amountMinor: created.amountMinor, expiresAt };
      if (input.channel === 'QRIS') {
        const code = await gateway.createQrisCode(request);
        const paymentRow = await this.deps.repository.update(
          created.id,
          { vcode: code.qrString, gatewayRef: code.gatewayRef, status: 'submitted' },
          tx,
        );
        return { payment: paymentRow, checkoutUrl: '', couponMoney: held.couponMoney };
      }
      const charge = await gateway.createEwalletCharge({
        ...request,
        channel: input.channel,
        mobileNumber,
        returnUrl: returnUrlOf(order, created.publicId),
      });
      // the charge's id is its code: /dev/payments and the clean-up job find an open charge by it
      const paymentRow = await this.deps.repository.update(
        created.id,
        { vcode: charge.gatewayRef, gatewayRef: charge.gatewayRef, status: 'submitted' },
        tx,
      );
      return { payment: paymentRow, checkoutUrl: charge.checkoutUrl ?? '', couponMoney: held.couponMoney };
    });
    return {
      paymentId: payment.publicId,
      amount: payment.amountMinor,
      channel: input.channel,
      checkoutUrl,
      qrImage: input.channel === 'QRIS' ? qrImageOf(payment.vcode ?? '') : '',
      expiryTime: payment.expiresAt ? formatDateTime(payment.expiresAt, payment.market) : '',
      couponMoney,
    };
  }
}
