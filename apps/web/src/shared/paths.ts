import { PagePaths } from '@kilat/contract';

/**
 * Every route of spec §2. Paths the spec names are kept as written; the spec's "configured"
 * paths are chosen here, once. Hash routes (#/…) are listed without their leading '#'.
 */
export const Paths = {
  officialHome: '/',
  officialSections: { Policy: '/Policy', Loan: '/Loan', About: '/About', User: '/User', Contact: '/Contact' },
  privacyPolicy: '/privacyPolicy',
  privacyPolicyConfigured: '/privacy',
  testPreview: '/testPreview',
  complaintEntry: '/complaint',
  complaintForm: '/complainPageNext',
  complaintList: '/complaintList',
  complaintDetail: '/complainDetails',
  complaintNew: '/complainNewPage',
  chatbot: '/intelligentCustomerService',
  loanConfirm: PagePaths.loanConfirm,
  /** where the money goes, asked before loan confirm (issue 28) */
  disbursalAccount: PagePaths.disbursalAccount,
  identity: PagePaths.identity,
  loanDetails: PagePaths.loanDetails,
  jointLoginFailure: '/jointLoginFailure',
  repay: '/repay',
  repayDelay: '/repayDelay',
  customerService: '/customerService',
  aboutUs: '/aboutUs',
  loanAgreement: '/loanAgreement',
  loanTerms: '/loanTerms',
  virtualAccountRepay: '/that',
  repayMethodChooser: '/individual',
  recommendedList: '/relevant',
  /** the promotion registration template (spec §2); the spec does not name its path */
  promotionRegistration: '/promotion',
  /** the borrower's own app in a phone browser (issue 17); spec §2 names these screens without paths */
  login: '/login',
  main: '/main',
  order: '/order',
  productDetail: '/productDetail',
  application: '/application',
  setting: '/setting',
  /** the borrower's repayments and the receipt of each (issue 17, decision 105) */
  repaymentHistory: '/repayments',
  repaymentReceipt: '/repaymentReceipt',
  /** a loan's statement: every posting with its value date (issue 49) */
  loanStatement: '/loanStatement',
  /** a closed loan's closure (no-dues) letter (issue 49, decision 224); the closing SMS links it */
  closureLetter: '/closureLetter',
  /** what Kilat keeps about the borrower, and their data as a file (issue 49 item 5, decision 225) */
  myData: '/myData',
  /** the message centre (issue 17, decision 108) */
  messages: '/messages',
  /** the borrower's coupons: usable, used, expired (issue 50) */
  coupons: '/coupons',
  /**
   * the pay-way screen of spec §2; the spec does not name its path (decision 019). A path route, rendered on the
   * server (decision 168); the native shell's old `#/payway?…` links are sent here by the boot script of index.html
   */
  payWay: '/payway',
  hash: {
    borrowDetail: PagePaths.borrowDetail,
    /** the payment result screen, where every payment ends (decision 050) */
    paymentResult: PagePaths.paymentResult,
    bindCard: '/addnormalcard',
    thirdPartyPayment: '/alipayrepayment',
    /** ours (issue 51): India's Pay by UPI, from pay-way */
    upiPayment: '/upiPayment',
    /** ours (issue 51): Indonesia's e-wallets and QRIS, from pay-way */
    walletPayment: '/walletPayment',
    downloadTemplate: '/downloadTemplate',
    agreementTemplate: '/agreementTemplate',
  },
} as const;

/** The receipt page of one paid repayment (the history, the payment result screen). */
export const repaymentReceiptHref = (paymentId: string): string => `${Paths.repaymentReceipt}?${new URLSearchParams({ paymentId })}`;
