/** The payment calls of spec §7 this module answers: init-pay-type, generate-vcode and repayment-huichao; and our payment-result, pay-by-upi, pay-by-wallet and India's AutoPay mandate calls. */
import type { CallHandlers } from '../../http/contract-route.js';
import { requestLocale } from '../../http/language.js';
import type { CheckoutService } from './checkout.js';
import type { MandatesService } from './mandates/service.js';
import type { PaymentResultService } from './payment-result.js';
import type { UpiService } from './upi.js';
import type { VirtualAccountsService } from './virtual-accounts.js';
import type { WalletService } from './wallets.js';

export const paymentHandlers = (
  virtualAccounts: VirtualAccountsService,
  checkout: CheckoutService,
  results: PaymentResultService,
  upi: UpiService,
  wallets: WalletService,
  mandates: MandatesService,
): CallHandlers => ({
  initPayType: async ({ input, borrower, request }) => virtualAccounts.initPayType(borrower, input, requestLocale(request)),
  generateVirtualAccount: async ({ input, borrower, request }) => virtualAccounts.generate(borrower, input, requestLocale(request)),
  repaymentCheckout: async ({ input, borrower }) => checkout.start(borrower, input),
  paymentResult: async ({ input, borrower }) => results.resultOf(borrower, input),
  upiPayment: async ({ input, borrower }) => upi.open(borrower, input),
  walletPayment: async ({ input, borrower }) => wallets.open(borrower, input),
  autopayMandate: async ({ input, borrower }) => mandates.view(borrower, input),
  autopaySetUp: async ({ input, borrower }) => mandates.setUp(borrower, input),
  autopayChange: async ({ input, borrower }) => mandates.change(borrower, input),
});
