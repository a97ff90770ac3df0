/**
 * Every call of spec §7 — and the few the server adds (DESIGN §5) — in one table. The web
 * clients take paths from here; the server registers a route for each row and a test proves
 * it serves them all. This module has no runtime dependency, so the browser may import it.
 */
import type { CodeField, SuccessCode } from './envelope.js';

export type HttpMethod = 'GET' | 'POST';
/** Which client of spec §7 makes the call. */
export type ClientKind = 'main' | 'json' | 'form';
/** Who may call it: a borrower with a session, or anyone (promotion, official, joint login). */
export type Access = 'session' | 'public';
/** What the call carries: form fields, a multipart upload, or an image answer. */
export type BodyKind = 'form' | 'multipart' | 'image';

export interface Endpoint {
  method: HttpMethod;
  /** path after the API prefix (/giants) */
  path: string;
  client: ClientKind;
  access: Access;
  codeField: CodeField;
  success: SuccessCode;
  body: BodyKind;
  /** the group of spec §7 it belongs to */
  group: 'support' | 'repayment' | 'promotion' | 'recommend' | 'loan' | 'joint-login' | 'auth' | 'official';
  summary: string;
}

const LOAN_SERVICE = '/api/v1/youmi/youmi-api/service/loan';
const PROMOTION = '/api/v2/youmi/promotion';

type CallOptions = Partial<Pick<Endpoint, 'client' | 'access' | 'codeField' | 'success' | 'body'>>;
/** The endpoint a row describes, keeping each option's literal type (so `access: 'session'` narrows). */
type EndpointOf<O extends CallOptions> = Omit<Endpoint, keyof O> & {
  client: O['client'] extends ClientKind ? O['client'] : 'main';
  access: O['access'] extends Access ? O['access'] : 'session';
  codeField: O['codeField'] extends CodeField ? O['codeField'] : 'code';
  success: O['success'] extends SuccessCode ? O['success'] : '00';
  body: O['body'] extends BodyKind ? O['body'] : 'form';
};

const call = <const O extends CallOptions = Record<never, never>>(
  method: HttpMethod,
  path: string,
  group: Endpoint['group'],
  summary: string,
  options: O = {} as O,
): EndpointOf<O> =>
  ({
    method,
    path,
    group,
    summary,
    client: options.client ?? 'main',
    access: options.access ?? 'session',
    codeField: options.codeField ?? 'code',
    success: options.success ?? '00',
    body: options.body ?? 'form',
  }) as EndpointOf<O>;

const promotion = { access: 'public', success: '0' } as const;
const jointLogin = { client: 'form', access: 'public', codeField: 'status', success: '0' } as const;

export const Endpoints = {
  // Complaint and support
  problemInit: call('POST', '/user-problem/problem-init', 'support', 'Problem types, the selected order and the order list'),
  problemInitV3: call(
    'POST',
    '/h5-api/v3/user-problem/problem-init',
    'support',
    'Problem types, the selected order and the order list (v3 path)',
  ),
  qaList: call('GET', '/h5-api/v3/user-problem/get-qa-list', 'support', "A chatbot node's question and answers"),
  qaRecord: call('POST', '/h5-api/v3/user-problem/qa-record', 'support', 'Record a chatbot interaction; answers with text'),
  problemSave: call('POST', '/user-problem/problem-save', 'support', 'Send a complaint'),
  uploadProblemImage: call('POST', '/user-problem/upload-problem-img', 'support', 'Upload one complaint evidence image', {
    body: 'multipart',
  }),
  problemList: call('POST', '/user-problem/problem-list', 'support', "The borrower's complaints, in tabs"),
  problemDetail: call('POST', '/user-problem/problem-detail', 'support', 'One complaint with its reply'),
  saveScore: call('POST', '/user-problem/save-score', 'support', "Rate a complaint's handling"),
  contactInfo: call('POST', '/v3/personal-center/contact-kf-info', 'support', 'Customer-service e-mail and phone'),

  // Repayment
  repaymentWay: call('POST', `${LOAN_SERVICE}/repayment-way`, 'repayment', 'Bank cards, third-party option and a repay token'),
  repaymentCommit: call('POST', `${LOAN_SERVICE}/repayment-commit`, 'repayment', 'Start a card repayment'),
  repaymentCheckout: call('POST', `${LOAN_SERVICE}/repayment-huichao`, 'repayment', 'Open the third-party checkout page'),
  repaymentConfirm: call('POST', `${LOAN_SERVICE}/repayment-confirm`, 'repayment', 'Confirm a card repayment with the SMS code'),
  // ours (DESIGN §5): the bind-card page's bank choice and binding
  bankList: call('POST', `${LOAN_SERVICE}/bank-list`, 'repayment', 'Banks a card may be bound from'),
  bindCard: call('POST', `${LOAN_SERVICE}/bind-card`, 'repayment', 'Bind a bank card (stored tokenised)'),

  // Promotion
  channelTemplate: call('GET', '/api/v2/youmi/service/channel/channel-template', 'promotion', 'Landing template of a channel', promotion),
  trackVisit: call('GET', `${PROMOTION}/track-visit`, 'promotion', 'Record a landing-page visit', promotion),
  captchaSession: call('GET', `${PROMOTION}/get-sid`, 'promotion', 'A new captcha session id', promotion),
  captchaImage: call('GET', `${PROMOTION}/get-captcha`, 'promotion', 'The captcha image of a session', { ...promotion, body: 'image' }),
  sendSms: call('POST', `${PROMOTION}/get-sms`, 'promotion', 'Send a registration SMS code', promotion),
  trackClick: call('GET', `${PROMOTION}/track-click`, 'promotion', 'Record a landing-page click', promotion),
  register: call('POST', `${PROMOTION}/register`, 'promotion', 'Register a borrower', promotion),

  // Recommended products
  recommendedProducts: call('POST', '/indah/v3/product/recommend-product-list', 'recommend', 'Recommended products of a scene'),
  pageEvent: call('POST', '/indah/pageEvent/save', 'recommend', 'Record a recommended-product event'),
  productApply: call('POST', '/indah/v3/product/apply', 'recommend', 'Apply for a recommended product; answers with its URL'),

  // Loan (v3)
  generateVirtualAccount: call('POST', '/v3/loan-details/generate-vcode', 'loan', 'A virtual-account or mini-market payment code'),
  initPayType: call('POST', '/v3/loan-details/init-pay-type', 'loan', 'Banks and mini markets of a pay type'),
  delayDetail: call('POST', '/v3/loan-details/delay-detail', 'loan', 'The extension offer of an order'),
  installmentPlan: call('POST', '/v3/installment/loan-play-detail', 'loan', 'Waiting and paid periods of an order'),
  loanConfirm: call('POST', '/v3/loan-confirm/loan-detail-confirm', 'loan', 'The loan offer to confirm'),
  contracts: call('POST', '/v3/contract/contract', 'loan', 'Agreements of a product'),
  contractJump: call('POST', '/v3/contract/contract-jump', 'loan', 'The URL of one agreement'),
  loanPush: call('POST', '/v3/loan-confirm/loan-detail-push', 'loan', 'Submit the loan; answers with the details URL'),
  loanDetails: call('POST', '/v3/loan-details/loan-details', 'loan', 'An order with its status, notices and buttons'),
  storeScore: call('POST', '/v3/loan-details/google-score', 'loan', 'The star rating of the loan experience'),
  // ours (issue 28, decision 136): an approved loan whose money did not arrive is cancelled at no cost
  loanCancel: call('POST', '/v3/loan-details/cancel-loan', 'loan', 'Cancel an approved loan whose payout failed or came back'),
  // ours (issue 29, decision 149): an application is withdrawn until its money is sent
  loanWithdraw: call('POST', '/v3/loan-details/withdraw', 'loan', 'Withdraw an application before its money is sent'),
  // ours (issue 49): every posting of the borrower's own loan with its value date, as the ledger has it
  loanStatement: call('POST', '/v3/loan-details/statement', 'loan', "Every posting of the borrower's own loan, with its value date"),
  // ours (issue 49, decision 224): a closed loan's closure (no-dues) letter, as a link to its HTML document
  loanClosureLetter: call('POST', '/v3/loan-details/closure-letter', 'loan', "The closure letter of the borrower's own closed loan"),
  eventSave: call('POST', '/service/event/save', 'loan', "Record an event (the 'loan more' tap)"),
  // ours (DESIGN §5, decision 050): the payment result screen and the pages that wait for a payment's webhook
  paymentResult: call('POST', '/v3/loan-details/payment-result', 'loan', 'The state of one payment and what its order still owes'),
  // ours (issue 51, decision 240): India's Pay by UPI, a single-use UPI QR code and its intent link
  upiPayment: call('POST', '/v3/loan-details/pay-by-upi', 'loan', 'A UPI QR code and intent link for exactly the amount (India)'),
  // ours (issue 51, decision 241): Indonesia's e-wallets and QRIS through Xendit
  walletPayment: call(
    'POST',
    '/v3/loan-details/pay-by-wallet',
    'loan',
    'An e-wallet charge or a QRIS code for exactly the amount (Indonesia)',
  ),
  // ours (issue 51 item 2, decisions 242–245): India's AutoPay mandate of the borrower's own loan
  autopayMandate: call('POST', '/v3/loan-details/autopay', 'loan', "The AutoPay mandate of the borrower's own loan and its debits (India)"),
  autopaySetUp: call(
    'POST',
    '/v3/loan-details/autopay/set-up',
    'loan',
    'Set up a UPI AutoPay or e-NACH mandate; answers where to authorise it',
  ),
  autopayChange: call('POST', '/v3/loan-details/autopay/change', 'loan', "Pause, resume or cancel the loan's AutoPay mandate"),
  recommendedTap: call('POST', '/gopia/goya/define', 'loan', 'Open a recommended product from loan details', { codeField: 'status' }),

  // Joint login failure
  jointLoginFailure: call(
    'POST',
    '/indah/stand/targeted',
    'joint-login',
    'Headline, notice and products after a failed joint login',
    jointLogin,
  ),
  jointLoginProductEvent: call(
    'POST',
    '/indah/stand/necessity',
    'joint-login',
    'Record a tap on a joint-login product (fire-and-forget)',
    jointLogin,
  ),
  jointLoginApply: call('POST', '/indah/stand/joint', 'joint-login', 'Apply for a joint-login product; answers with its URL', jointLogin),

  // Sessions (DESIGN §5): the native shell logs a borrower in with phone and SMS code
  loginCode: call('POST', '/auth/login-code', 'auth', 'Send a login SMS code', { access: 'public' }),
  login: call('POST', '/auth/login', 'auth', 'Log in with phone and SMS code; answers with a session', { access: 'public' }),
  logout: call('POST', '/auth/logout', 'auth', 'End this session'),

  // The borrower's own app in a phone browser (issue 17)
  myOrders: call('POST', '/v3/personal-center/my-orders', 'loan', "Every loan of the session's borrower, newest first"),
  loanProducts: call('POST', '/v3/product/loan-products', 'loan', "The lending products of the borrower's market"),
  logoutEverywhere: call('POST', '/auth/logout-everywhere', 'auth', "End every session of the session's borrower"),
  deleteAccount: call('POST', '/auth/delete-account', 'auth', 'Delete the account when no loan is open; the ledger stays'),
  // ours (issue 48): asked before "Delete for good?", so an open loan is refused before the borrower is asked
  deleteAccountCheck: call(
    'POST',
    '/auth/delete-account-check',
    'auth',
    'Whether the account may be deleted now; refused as deleteAccount would',
  ),
  // ours (issue 46, decision 218): the outside recovery agencies Kilat uses, for the official site (RBI)
  recoveryAgencies: call('POST', '/v3/official/recovery-agencies', 'official', 'The outside recovery agencies Kilat uses in the market', {
    access: 'public',
  }),
  // ours (issue 49 item 5, decision 225): the borrower's own data as a file
  myData: call('POST', '/auth/my-data', 'auth', "Everything kept about the session's borrower, secrets left out"),
  applicationSubmit: call('POST', '/v3/loan-apply/application', 'loan', 'The application form; answers with the loan confirm address'),
  // ours (issue 48): a returning borrower is offered what they gave last time
  lastApplication: call('POST', '/v3/loan-apply/last-application', 'loan', "What the session's borrower gave on their last application"),
  loanProductDetail: call('POST', '/v3/product/loan-product-detail', 'loan', 'One product with its prices and a worked example'),
  repaymentHistory: call(
    'POST',
    '/v3/personal-center/repayments',
    'loan',
    "The session borrower's paid repayments with their allocation, newest first",
  ),
  repaymentReceipt: call(
    'POST',
    '/v3/personal-center/repayment-receipt',
    'loan',
    'The receipt of one paid repayment of the session borrower',
  ),
  // the message centre (issue 17, decision 108)
  messages: call('POST', '/v3/personal-center/messages', 'loan', "The session borrower's messages, newest first, with the unread count"),
  messagesRead: call('POST', '/v3/personal-center/messages-read', 'loan', 'Mark one message, or all, read; answers with the unread count'),
  messagesUnread: call('POST', '/v3/personal-center/messages-unread', 'loan', "How many of the session borrower's messages are unread"),
  // ours (issue 50, decision 251): the borrower's coupons, with what each takes off a repayment about to be paid
  coupons: call('POST', '/v3/personal-center/coupons', 'loan', "The session borrower's coupons, and what each takes off a repayment"),
  // where the money goes (issue 28): the borrower's disbursal account
  disbursalAccount: call(
    'POST',
    '/v3/disbursal-account/detail',
    'loan',
    "The session borrower's disbursal account, masked, with its validation",
  ),
  disbursalAccountSave: call(
    'POST',
    '/v3/disbursal-account/save',
    'loan',
    'Check an account, validate it through the payout gateway, match its name and keep it; replacing a valid one needs the SMS code',
  ),
  disbursalAccountCode: call(
    'POST',
    '/v3/disbursal-account/change-code',
    'loan',
    'Send the SMS code that allows changing the disbursal account',
  ),
  // who the borrower is (issue 29 item 2): identity checked at the KYC provider
  identity: call('POST', '/v3/identity/detail', 'loan', "The session borrower's identity check, masked, with its outcome"),
  identitySubmit: call(
    'POST',
    '/v3/identity/submit',
    'loan',
    'Check the identity fields, send them with the selfie (and the KTP photo) to the KYC provider and keep the outcome',
    { body: 'multipart' },
  ),
  identityOtp: call('POST', '/v3/identity/aadhaar-otp', 'loan', "The code UIDAI sent to the Aadhaar's mobile, completing India's e-KYC"),
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof Endpoints;
export const endpointNames = Object.keys(Endpoints) as EndpointName[];
