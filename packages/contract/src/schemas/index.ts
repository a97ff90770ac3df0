/**
 * The request and response-data schema of every call in the Endpoints table. The server
 * validates with these; the browser imports only their types (zod stays off the phone).
 */
import { z } from 'zod';
import type { EndpointName } from '../endpoints.js';
import * as application from './application.js';
import * as auth from './auth.js';
import * as autopay from './autopay.js';
import * as coupons from './coupons.js';
import * as disbursal from './disbursal-account.js';
import * as identity from './identity.js';
import * as joint from './joint-login.js';
import * as loan from './loan.js';
import * as loanProducts from './loan-products.js';
import * as messages from './messages.js';
import * as myOrders from './my-orders.js';
import * as promotion from './promotion.js';
import * as recommend from './recommend.js';
import * as repayment from './repayment.js';
import * as repaymentHistory from './repayment-history.js';
import * as support from './support.js';

export * from './application.js';
export * from './auth.js';
export * from './autopay.js';
export * from './coupons.js';
export * from './disbursal-account.js';
export { storable } from './fields.js';
export * from './identity.js';
export * from './joint-login.js';
export * from './loan.js';
export * from './loan-products.js';
export * from './messages.js';
export * from './my-orders.js';
export * from './promotion.js';
export * from './recommend.js';
export * from './repayment.js';
export * from './repayment-history.js';
export * from './support.js';

const Empty = z.object({});
const NoData = z.null();

export interface CallSchema {
  request: z.ZodObject;
  data: z.ZodType;
}

export const callSchemas = {
  problemInit: { request: support.ProblemInitRequestSchema, data: support.ProblemInitDataSchema },
  problemInitV3: { request: support.ProblemInitRequestSchema, data: support.ProblemInitDataSchema },
  qaList: { request: support.QaListRequestSchema, data: support.QaListDataSchema },
  qaRecord: { request: support.QaRecordRequestSchema, data: support.QaRecordDataSchema },
  problemSave: { request: support.ProblemSaveRequestSchema, data: support.ProblemSaveDataSchema },
  uploadProblemImage: { request: Empty, data: support.UploadProblemImageDataSchema },
  problemList: { request: support.ProblemListRequestSchema, data: support.ProblemListDataSchema },
  problemDetail: { request: support.ProblemDetailRequestSchema, data: support.ProblemDetailDataSchema },
  saveScore: { request: support.SaveScoreRequestSchema, data: NoData },
  contactInfo: { request: support.ContactInfoRequestSchema, data: support.ContactInfoDataSchema },

  repaymentWay: { request: repayment.RepaymentWayRequestSchema, data: repayment.RepaymentWayDataSchema },
  repaymentCommit: { request: repayment.RepaymentCommitRequestSchema, data: repayment.RepaymentCommitDataSchema },
  repaymentCheckout: { request: repayment.RepaymentCheckoutRequestSchema, data: repayment.RepaymentCheckoutDataSchema },
  repaymentConfirm: { request: repayment.RepaymentConfirmRequestSchema, data: repayment.RepaymentConfirmDataSchema },
  bankList: { request: repayment.BankListRequestSchema, data: repayment.BankListDataSchema },
  bindCard: { request: repayment.BindCardRequestSchema, data: repayment.BindCardDataSchema },

  channelTemplate: { request: promotion.ChannelTemplateRequestSchema, data: promotion.ChannelTemplateDataSchema },
  trackVisit: { request: promotion.TrackVisitRequestSchema, data: NoData },
  captchaSession: { request: Empty, data: promotion.CaptchaSessionDataSchema },
  captchaImage: { request: promotion.CaptchaImageRequestSchema, data: NoData },
  sendSms: { request: promotion.SendSmsRequestSchema, data: NoData },
  trackClick: { request: promotion.TrackClickRequestSchema, data: NoData },
  // the new borrower is signed in with the code they verified (issue 48): a session for the device that registered, or null without one
  register: { request: promotion.RegisterRequestSchema, data: auth.LoginDataSchema.nullable() },

  recommendedProducts: { request: recommend.RecommendedProductsRequestSchema, data: recommend.RecommendedProductsDataSchema },
  pageEvent: { request: recommend.PageEventRequestSchema, data: NoData },
  productApply: { request: recommend.ProductApplyRequestSchema, data: recommend.ProductApplyDataSchema },

  generateVirtualAccount: { request: loan.GenerateVirtualAccountRequestSchema, data: loan.VirtualAccountSchema },
  initPayType: { request: loan.InitPayTypeRequestSchema, data: loan.InitPayTypeDataSchema },
  delayDetail: { request: loan.DelayDetailRequestSchema, data: loan.DelayDetailDataSchema },
  installmentPlan: { request: loan.InstallmentPlanRequestSchema, data: loan.InstallmentPlanDataSchema },
  loanConfirm: { request: loan.LoanConfirmRequestSchema, data: loan.LoanConfirmDataSchema },
  contracts: { request: loan.ContractsRequestSchema, data: loan.ContractsDataSchema },
  contractJump: { request: loan.ContractJumpRequestSchema, data: loan.ContractJumpDataSchema },
  loanPush: { request: loan.LoanPushRequestSchema, data: loan.LoanPushDataSchema },
  loanDetails: { request: loan.LoanDetailsRequestSchema, data: loan.LoanDetailsDataSchema },
  storeScore: { request: loan.StoreScoreRequestSchema, data: NoData },
  loanCancel: { request: loan.LoanDetailsRequestSchema, data: NoData },
  loanWithdraw: { request: loan.LoanDetailsRequestSchema, data: NoData },
  loanStatement: { request: loan.LoanDetailsRequestSchema, data: loan.LoanStatementDataSchema },
  loanClosureLetter: { request: loan.LoanDetailsRequestSchema, data: loan.LoanClosureLetterDataSchema },
  eventSave: { request: loan.EventSaveRequestSchema, data: NoData },
  paymentResult: { request: repayment.PaymentResultRequestSchema, data: repayment.PaymentResultDataSchema },
  upiPayment: { request: repayment.UpiPaymentRequestSchema, data: repayment.UpiPaymentDataSchema },
  walletPayment: { request: repayment.WalletPaymentRequestSchema, data: repayment.WalletPaymentDataSchema },
  autopayMandate: { request: autopay.AutopayRequestSchema, data: autopay.AutopayDataSchema },
  autopaySetUp: { request: autopay.AutopaySetUpRequestSchema, data: autopay.AutopaySetUpDataSchema },
  autopayChange: { request: autopay.AutopayChangeRequestSchema, data: autopay.AutopayDataSchema },
  recommendedTap: { request: loan.RecommendedTapRequestSchema, data: loan.RecommendedTapDataSchema },

  jointLoginFailure: { request: joint.JointLoginFailureRequestSchema, data: joint.JointLoginFailureDataSchema },
  jointLoginProductEvent: { request: joint.JointLoginProductEventRequestSchema, data: NoData },
  jointLoginApply: { request: joint.JointLoginApplyRequestSchema, data: joint.JointLoginApplyDataSchema },

  loginCode: { request: auth.LoginCodeRequestSchema, data: NoData },
  login: { request: auth.LoginRequestSchema, data: auth.LoginDataSchema },
  logout: { request: Empty, data: NoData },

  myOrders: { request: myOrders.MyOrdersRequestSchema, data: myOrders.MyOrdersDataSchema },
  loanProducts: { request: loanProducts.LoanProductsRequestSchema, data: loanProducts.LoanProductsDataSchema },
  loanProductDetail: { request: loanProducts.LoanProductDetailRequestSchema, data: loanProducts.LoanProductDetailDataSchema },
  logoutEverywhere: { request: Empty, data: NoData },
  deleteAccount: { request: Empty, data: NoData },
  deleteAccountCheck: { request: Empty, data: NoData },
  myData: { request: Empty, data: auth.MyDataSchema },
  recoveryAgencies: { request: Empty, data: support.RecoveryAgenciesDataSchema },
  applicationSubmit: { request: application.ApplicationRequestSchema, data: application.ApplicationDataSchema },
  lastApplication: { request: Empty, data: application.LastApplicationDataSchema },
  repaymentHistory: { request: repaymentHistory.RepaymentHistoryRequestSchema, data: repaymentHistory.RepaymentHistoryDataSchema },
  repaymentReceipt: { request: repaymentHistory.RepaymentReceiptRequestSchema, data: repaymentHistory.RepaymentReceiptDataSchema },
  messages: { request: messages.MessagesRequestSchema, data: messages.MessagesDataSchema },
  messagesRead: { request: messages.MessagesReadRequestSchema, data: messages.MessagesUnreadDataSchema },
  messagesUnread: { request: messages.MessagesRequestSchema, data: messages.MessagesUnreadDataSchema },
  disbursalAccount: { request: disbursal.DisbursalAccountRequestSchema, data: disbursal.DisbursalAccountDataSchema },
  disbursalAccountSave: { request: disbursal.DisbursalAccountSaveRequestSchema, data: disbursal.DisbursalAccountSaveDataSchema },
  disbursalAccountCode: { request: disbursal.DisbursalAccountCodeRequestSchema, data: NoData },
  identity: { request: identity.IdentityRequestSchema, data: identity.IdentityDataSchema },
  identitySubmit: { request: Empty, data: identity.IdentityDataSchema },
  identityOtp: { request: identity.IdentityOtpRequestSchema, data: identity.IdentityDataSchema },
  coupons: { request: coupons.CouponsRequestSchema, data: coupons.CouponsDataSchema },
} as const satisfies Record<EndpointName, CallSchema>;

export type CallRequest<N extends EndpointName> = z.input<(typeof callSchemas)[N]['request']>;
export type CallData<N extends EndpointName> = z.infer<(typeof callSchemas)[N]['data']>;
