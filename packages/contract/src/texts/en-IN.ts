/**
 * The spec's texts (§1 labels, §2 and §8 messages) and the server's own error messages, in
 * English (India). Texts the spec writes in English are copied exactly; the spec's Indonesian
 * texts are translated here and kept exactly in id-ID.ts.
 */
export const enIN = {
  // spec §1 labels
  loanAmount: 'Loan amount',
  loanTerm: 'Loan term',
  interestRate: 'Interest rate',
  repaymentDate: 'Repayment date',
  days: 'days',
  apply: 'Apply',
  repay: 'Repay',
  borrowAgain: 'Borrow again',
  extensionOfRepayment: 'Extension of repayment',
  ratingPrompt: 'How was your experience? Rate us!',
  contactUs: 'Contact us',
  aboutUs: 'About us',

  // spec §2 official site
  contactFormIncomplete: 'Please provide complete information!',
  contactFormSent: 'Submit successfully!',

  // spec §2 complaints
  myComplaints: 'My complaints',
  all: 'All',
  selectQuestionType: 'Select question type',
  collectionNotSupported: 'The selected order does not support sending collection types',
  successfullySent: 'Successfully Sent',
  commentsReceived: 'We have received your comments and will handle them as soon as possible.',
  replyWithinWeekdays: 'We will reply within 3 weekdays.',
  send: 'Send',
  cancel: 'Cancel',
  agree: 'Agree',
  rateThisService: 'Please rate this service',
  processResult: 'Process Result',
  chooseProblemCategory: 'Choose the type of problem',

  // spec §2 chatbot
  chatbotGreeting: 'Hello! I am the Kilat chatbot. Choose a topic below or tell me what you need.',
  resolved: 'Resolved',
  notResolved: 'Not Resolved',
  rateYourApplication: 'Happy with your application? Leave us a review!',
  sendMessage: 'Send',
  contactCustomerService: 'Contact CS',
  pleaseChoose: 'Please choose',

  // spec §2 recommended products and repay pages
  specialOffers: 'Special Offers',
  applicationsFull: "Today's applications are full, please try again tomorrow",
  backToHome: 'Back to home',
  settlement: 'Settlement',
  repaymentWillBeConfirmed: 'Your repayment will be confirmed as soon as possible.',
  completeTheInformation: 'Please complete the information',

  // spec §5 validation
  fillInComments: 'Please fill in your comments and suggestions',
  selectBankCardFirst: 'Please select payment bank card first',
  enterCorrectVerificationCode: 'Please enter correct verification code',
  enterPhoneCorrectly: 'Please enter phone correctly',
  enterCaptchaCorrectly: 'Please enter image captcha correctly',
  enterSmsCodeCorrectly: 'Please enter SMS code correctly',
  doNotResendCode: 'Do not resend code',

  // spec §8 error catalogue
  processingFailed: 'Processing failed',
  verificationCodeWrong: 'Verification code wrong',
  doNotSubmitTwice: 'Do not submit repayment request twice',
  networkError: 'Error',
  queryCardListFailed: 'Query card list failed',
  alreadyRegistered: 'Already registered, please download app and log in',
  registrationSuccessful: 'Registration successful',
  uploadSucceeded: 'Upload succeeded!',
  successfulDemonstration: 'Successful demonstration!',
  loading: 'Loading...',
  uploading: 'Uploading...',
  saving: 'Saving...',

  // spec §4 loan details
  delayRepayment: 'Delay repayment',
  loanMore: 'Loan more',
  moreProducts: 'More products',
  getCode: 'Get code',

  // the server's own messages (DESIGN §5)
  invalidRequest: 'Some information is missing or not valid: {fields}',
  unauthenticated: 'Your session has ended. Please open the app again.',
  forbidden: 'This order does not belong to your account.',
  notFound: 'We could not find what you asked for.',
  rateLimited: 'Too many requests. Please try again in a moment.',
  notImplemented: 'This service is not available yet.',
  internal: 'Something went wrong on our side. Please try again.',
  unavailable: 'Our service is briefly unavailable. Please try again in a minute.',
  wrongCaptcha: 'The image captcha is wrong. Please try again.',

  // complaints, chatbot and customer support (issue 3)
  complaintTabProcessing: 'Processing',
  complaintTabReplied: 'Replied',
  complaintTabClosed: 'Closed',
  complaintOrderNo: 'Order No.',
  complaintAppliedOn: 'Application date',
  complaintNotYours: 'This complaint does not belong to your account.',
  complaintImageUnknown: 'An image was not uploaded from your account. Please upload it again.',
  complaintNotRepliedYet: 'You can rate this service once we have replied.',
  complaintAlreadyRated: 'You have already rated this service.',
  uploadMissing: 'Please choose an image to upload.',
  uploadNotAnImage: 'Please choose a JPEG, PNG or WebP image.',
  uploadTooLarge: 'The image is larger than 10 MB. Please choose a smaller one.',
  uploadTooManyPixels: 'The image has more than 40 megapixels. Please choose a smaller one.',
  qaHandOver: 'Connecting you to customer service. Please describe your problem in the complaint form.',
  qaResolvedThanks: 'Glad we could help! Thank you for your feedback.',
  qaNotResolved: 'Sorry we could not solve your problem. Tap Contact CS to tell us more.',
  qaRatingThanks: 'Thank you for your rating! We will keep improving our service.',
  qaSuggestions: 'These questions may answer yours:',
  qaNoMatch: 'Sorry, I could not find an answer to your question.',
  qaReport: 'Your question has been recorded. Tap Contact CS to send it to our customer service team.',

  // promotion, recommended products and joint login (issue 6)
  captchaExpired: 'The image captcha has expired. Please enter the new one.',
  smsCodeWrong: 'The SMS code is wrong or has expired. Please get a new code.',
  smsPhoneHourlyLimit: 'Too many codes were sent to this phone. Please try again in an hour.',
  smsNetworkHourlyLimit: 'Too many codes were requested from your network. Please try again later.',
  smsPhoneDailyLimit: 'Too many codes were sent to this phone today. Please try again tomorrow.',
  // issue 30: a login code asked for a number with no account (decision 138)
  noAccountForPhone: 'There is no account with this number yet. Register first, then log in.',
  productUnavailable: 'This product is not taking applications right now.',
  jointLoginHeadline: 'We could not log you in to this product',
  jointLoginNotice: 'You can apply for one of these products instead.',

  // loans and repayment (issues 4 and 5)
  loanServiceFee: 'Service fee',
  loanInterest: 'Interest',
  loanTotalRepayment: 'Total repayment',
  loanAmountDue: 'Amount due',
  loanPenalty: 'Late penalty',
  loanOverdueDays: 'Days overdue',
  loanRepaid: 'Amount repaid',
  loanPeriodsPaid: 'Installments paid',
  loanPeriodsPaidValue: '{paid} of {total}',
  loanTermValue: '{days} days',
  loanDailyRate: '{rate} per day',
  loanPenaltyFirstTier: '{rate} a day for days {from}–{to}',
  loanPenaltyTier: '{rate} for days {from}–{to}',
  loanPenaltyLastTier: '{rate} from day {from}',
  loanPenaltyTiered: '{flat} on the first overdue day, then {tiers}',
  loanPeriodTitle: 'Installment {n} of {total}',
  loanPeriodDescription: 'Principal {principal} + interest {interest} + fee {fee}',
  loanConfirmNote: 'Please repay on time: a late repayment incurs penalties and affects your credit record.',
  loanAgreementTitle: 'Loan agreement',
  loanKeyFactTitle: 'Key fact statement',
  loanAgreementPopContent: 'Please read the loan agreement, then tap Agree to continue.',
  loanApr: 'Annual percentage rate (APR)',
  loanTotalCost: 'Total cost of the loan',
  loanCoolingOff: 'Cooling-off period',
  loanCoolingOffTerms: '{days} days after the money is paid out: exit by repaying the principal and the proportionate APR, with no penalty',
  loanCoolingOffLastDay: 'Exit without penalty until',
  loanCoolingOffExitToday: 'To exit the loan today',
  loanNotice21: 'Your application is under review',
  loanNoticeDes21: 'We will tell you the decision within 1 day.',
  loanNotice110: 'Your application was not approved',
  loanNoticeDes110: 'You can apply for one of the products below instead.',
  loanNotice151: 'Approved: your money is on its way',
  loanNoticeDes151: 'It will reach your bank account shortly.',
  loanNotice170: 'The money has been sent to your account',
  loanNoticeDes170: 'Please repay {amount} by {date}.',
  loanNotice174: 'Your repayment is due soon',
  loanNoticeDes174: 'Please repay {amount} by {date} to avoid penalties.',
  loanNotice180: 'Your repayment is overdue',
  loanNoticeDes180: 'You are {days} days overdue. Please repay {amount} now to stop further penalties.',
  loanNotice3: 'Installment repayment in progress',
  loanNoticeDes3: 'Your next installment of {amount} is due on {date}.',
  loanNotice5: 'Your repayment has been extended',
  loanNoticeDes5: 'Your new due date is {date}. Amount due: {amount}.',
  loanNotice200: 'Your loan is settled',
  loanNoticeDes200: 'Thank you for repaying. You can borrow again.',
  loanNotice4: 'Your loan was closed early',
  loanNoticeDes4: 'Thank you for repaying early. You can borrow again.',
  loanProductMismatch: 'This order was not made with that product.',
  loanTermMismatch: 'The loan term does not match the product. Please reload the page and try again.',
  loanExtensionUnavailable: 'This loan cannot be extended right now.',
  loanRatingUnavailable: 'You can rate the loan once it is repaid.',
  loanAlreadyRated: 'You have already rated this loan.',
  agreementExpired: 'This agreement link has expired. Please open the agreement again from the app.',
  loanPeriodPaid: 'Paid',
  loanPeriodDueOn: 'Due on {date}',
  loanPeriodOverdue: 'Overdue since {date}',
  loanInstallmentNote: 'Installments are paid in order: only the first unpaid one can be paid now.',
  loanInstallmentCloseNote: 'Installments are paid in order: pay the first unpaid one, or select all to close the loan today for {amount}.',
  delayCurrentDueDate: 'Current due date',
  delayNewDueDate: 'New due date',
  delayExtensionDays: 'Extension',
  delayFee: 'Extension fee',

  // repayment (issue 5): the server's messages
  repayTokenInvalid: 'This payment has expired or was already used. Please start the payment again.',
  repayAmountMismatch: 'The amount does not match this payment. Please start the payment again.',
  nothingToRepay: 'Nothing is owed on this loan.',
  repayAmountTooLarge: 'The amount is more than is owed ({amount}).',
  coolingOffExitAmount: 'To exit the loan in the cooling-off period, repay exactly {amount}.',
  loanPayoffToday: 'To close the loan today',
  loanPrepaymentFrom: 'Early repayment possible from',
  prepaymentNotYet: 'Early repayment is possible from {date}.',
  paymentInProgress: 'A payment for this loan is already being processed. Please wait for its result.',
  verificationCodeExpired: 'The verification code has expired. Please get a new code.',
  verificationCodeLocked: 'Too many wrong codes. Please get a new code.',
  cardNotFound: 'This card is not available. Please choose another card.',
  cardNumberInvalid: 'The card number is not valid.',
  bankNotSupported: 'This bank is not supported.',
  paymentMethodUnavailable: 'This payment method is not available.',
  cardPaymentOnCheckout: 'Cards are paid on the secure payment page: please choose the online payment option.',
  amountNotWholeRupiah: 'This payment must be a whole number of rupiah: please change the amount.',
  paymentDeclined: 'The payment was declined by your bank.',
  extensionFeeMismatch: 'The extension fee has changed. Please open the extension page again.',
  webhookSignatureInvalid: 'The webhook signature is missing or not valid.',
  repayCodeSendLimit: 'Too many codes were sent for this payment. Please start the payment again.',
  cardHolderNameInvalid: 'Please enter the card holder name as it is printed on the card, in letters only.',

  // due reminders (issue 12): SMS texts, {orderNo} and the due date in force {date}
  reminderDueIn3Days:
    'Kilat: the repayment of your loan {orderNo} is due in 3 days, on {date}. Repay on time in the Kilat app to avoid late fees.',
  reminderDueTomorrow:
    'Kilat: the repayment of your loan {orderNo} is due tomorrow, {date}. Repay on time in the Kilat app to avoid late fees.',
  reminderDueToday:
    'Kilat: the repayment of your loan {orderNo} is due today, {date}. Please repay in the Kilat app today to avoid late fees.',
  reminderOverdue:
    'Kilat: the repayment of your loan {orderNo} was due on {date} and is now overdue. Late fees apply: please repay in the Kilat app as soon as possible.',

  // one-time codes (modules/otp): SMS texts; {code} comes first, so it is the first 6-digit run of the text
  smsLoginCode: 'Your Kilat login code is {code}. It expires in {minutes} minutes. Do not share it with anyone.',
  smsRegistrationCode: 'Your Kilat registration code is {code}. It expires in {minutes} minutes. Do not share it with anyone.',
  smsRepaymentCode:
    'Your Kilat repayment code is {code}. It confirms a payment of {amount} and expires in {minutes} minutes. Do not share it with anyone.',

  // the borrower's own app (issue 17): account deletion
  accountDeleteLoanOpen: 'Your account cannot be deleted while a loan is open ({orderNo}). Please repay it first.',

  // the message centre (issue 17, decision 108): rendered on read from a message's kind, {orderNo} and a due date {date}
  messageApprovedTitle: 'Loan approved',
  messageApprovedText: 'Your loan {orderNo} has been approved. The money is on its way to your account.',
  messageDisbursedTitle: 'Money sent',
  messageDisbursedText: '{amount} of your loan {orderNo} was sent to your account ending {last4} on {date}. Bank reference (UTR): {utr}.',
  messageDueSoonTitle: 'Repayment due soon',
  messageDueIn3DaysText: 'Your loan {orderNo} is due in 3 days, on {date}. Repay on time to avoid late fees.',
  messageDueTomorrowText: 'Your loan {orderNo} is due tomorrow, {date}. Repay on time to avoid late fees.',
  messageDueTodayText: 'Your loan {orderNo} is due today, {date}. Please repay today to avoid late fees.',
  messageOverdueTitle: 'Repayment overdue',
  messageOverdueText: 'Your loan {orderNo} was due on {date} and is now overdue. Late fees apply: please repay as soon as possible.',
  messageRepaidTitle: 'Loan repaid',
  messageRepaidText: 'Your loan {orderNo} is fully repaid. Thank you!',
  messageComplaintRepliedTitle: 'Reply to your complaint',
  messageComplaintRepliedText: 'We have replied to your complaint about loan {orderNo}. Open it to read the reply.',
  messagesLink: 'Messages',
  unreadMessagesOne: '1 unread message',
  unreadMessages: '{count} unread messages',

  // who the borrower is (issue 29 item 2): the identity form's refusals and the provider's outcomes
  identityNameInvalid: 'Please enter your full name in letters, exactly as on your identity document.',
  identityBirthDateInvalid: 'Please enter your date of birth as on your identity document (a real date in the past).',
  identityPanInvalid: 'The PAN is not valid: 5 letters, 4 digits and a letter (like ABCPE1234F).',
  identityPanNotPerson: "This PAN is not a person's: the fourth letter of a personal PAN is P (like ABCPE1234F).",
  identityAadhaarInvalid: 'The Aadhaar number must be 12 digits and cannot start with 0 or 1.',
  identityAadhaarCheckDigit:
    'This Aadhaar number is not valid: one of its digits is wrong. Please check it on your Aadhaar card and type it again.',
  identityNikInvalid: 'The NIK must be 16 digits, as on your KTP.',
  identityNikRegion: 'The first 6 digits of this NIK are not a region of Indonesia. Please check it on your KTP.',
  identityNikDate: 'This NIK does not hold a valid birth date in its digits 7 to 12. Please check it on your KTP.',
  identityNikBirthDate:
    'The birth date in your NIK does not match the date of birth you entered. Please check both on your KTP (for women the NIK adds 40 to the day).',
  identitySelfieMissing: 'Please take a selfie: a photo of your face, looking at the camera.',
  identityDocumentMissing: 'Please take a photo of the front of your KTP.',
  identityConsentMissing: 'Please agree that we check your documents with our identity provider.',
  identityAlreadyVerified: 'Your identity is already verified.',
  identityOtpInvalid: 'Please enter the 6-digit code sent by UIDAI to the mobile number linked to your Aadhaar.',
  identityOtpWrong: 'The code is not right. Please check the SMS from UIDAI and type it again.',
  identityNoOtpAwaited: 'There is no Aadhaar code to enter now. Please start your identity check again.',
  identityNameMismatch:
    'The name on your identity document does not match the name you entered. Please enter your name exactly as on the document, or contact us.',
  identityBirthDateMismatch: 'The date of birth on your identity document is not the one you entered. Please check it and try again.',
  identityLivenessFailed:
    'We could not confirm that your selfie is a live photo of you. Please take a new selfie in good light, facing the camera.',
  identityDocumentNotFound: 'No identity document with this number was found. Please check the number and try again.',
  identityPending: 'We are checking your identity. This usually takes a few minutes: please open this page again later.',
  // where the money goes (issue 28): the disbursal account's refusals and explanations, and its SMS
  disbursalKindInvalid: 'Please choose where the money should go.',
  disbursalHolderNameInvalid: "Please enter the account holder's name in letters, as the bank has it.",
  disbursalAccountNumberInvalid: 'The account number must be 9 to 18 digits.',
  disbursalIfscInvalid: 'The IFSC is not valid: 4 letters, then 0, then 6 letters or digits (like HDFC0001234).',
  disbursalUpiInvalid: 'The UPI ID is not valid: it looks like name@bank.',
  disbursalChannelInvalid: 'Please choose a bank or e-wallet from the list.',
  disbursalAccountLength: 'A {bank} account number has {lengths} digits.',
  disbursalWalletPhoneInvalid: "Please enter the e-wallet's phone number, starting with 08.",
  disbursalAccountNotFound:
    'The bank says this account does not exist or cannot receive money. Please check the details or give another account.',
  disbursalNameMismatch:
    'The name the bank holds for this account does not match the name on your application ({name}). Please give an account in your own name.',
  disbursalValidationPending: 'We are checking this account with the bank. Please wait a moment, then open this page again.',
  disbursalChangeNeedsCode: 'To change the account your money is sent to, please enter the SMS code we send to your phone.',
  disbursalNeedsApplication: 'Please fill in your application first: the money can only go to an account in your name.',
  smsDisbursalAccountCode:
    'Your Kilat code to change the account your loan is sent to is {code}. It expires in {minutes} minutes. Do not share it with anyone.',
  // the loan follows the money (issue 28): submit needs an account, the payout's states on loan details, messages and SMS
  loanNeedsDisbursalAccount: 'Please add the bank account or UPI ID your loan should be sent to before you confirm.',
  loanNeedsIdentity: 'Please prove who you are before you confirm: a loan is sent only to a borrower whose identity is verified.',
  loanNoticePayoutFailed: 'We could not send your money',
  loanNoticeDesPayoutFailed:
    'Your bank did not accept the transfer to your account ending {last4} ({reason}). Give another account and we will send it again, or cancel the loan at no cost.',
  loanNoticePayoutReversed: 'Your bank returned the money',
  loanNoticeDesPayoutReversed:
    'The money sent to your account ending {last4} came back from your bank. You owe nothing for it. Give another account and we will send it again, or cancel the loan at no cost.',
  loanNoticeCancelled: 'Loan cancelled',
  loanNoticeDesCancelled: 'This loan was cancelled before any money reached you. You owe nothing.',
  loanSentTo: 'Sent to',
  loanSendingTo: 'Being sent to',
  loanSentToValue: 'Your account ending {last4}',
  loanSentToNotice: 'Sent to your account ending {last4}',
  loanDisbursedOn: 'Sent on',
  loanUtr: 'Bank reference (UTR)',
  loanRefundDue: 'To be refunded to you',
  // issue 31 item 2 (decisions 163, 164): a written-off loan, a refund sent, a reminder an operator resent
  loanNoticeWrittenOff: 'Loan closed',
  loanNoticeDesWrittenOff: 'Kilat has written off what was left of this loan. You owe nothing more on it.',
  loanWrittenOff: 'Written off',
  loanRefunded: 'Refunded to you',
  reminderDueOn: 'Kilat: the repayment of your loan {orderNo} is due on {date}. Repay on time in the Kilat app to avoid late fees.',
  payoutReasonInvalid: 'the account does not exist',
  payoutReasonClosed: 'the account is closed or dormant',
  payoutReasonNameMismatch: "the account holder's name does not match yours",
  payoutReasonOther: 'the transfer was refused',
  loanGiveAnotherAccount: 'Give another account',
  loanCancel: 'Cancel the loan',
  loanCancelUnavailable: 'This loan cannot be cancelled now: its money is on its way or has arrived.',
  smsRefundSent:
    'Kilat: {amount} you paid beyond what your loan {orderNo} owed was refunded to your account ending {last4} on {date}. Bank reference (UTR): {utr}.',
  smsPayoutSent: 'Kilat: {amount} of your loan {orderNo} was sent to your account ending {last4} on {date}. Bank reference (UTR): {utr}.',
  smsPayoutFailed:
    'Kilat: we could not send the money of your loan {orderNo} to your account ending {last4}. Open Kilat to give another account or cancel at no cost.',
  smsPayoutReversed:
    'Kilat: your bank returned the money of loan {orderNo} sent to your account ending {last4}. You owe nothing for it. Open Kilat to give another account or cancel.',
  messagePayoutFailedTitle: 'We could not send your money',
  messagePayoutFailedText:
    'The money of your loan {orderNo} could not be sent to your account ending {last4}. Give another account and we will send it again, or cancel the loan at no cost.',
  messagePayoutReversedTitle: 'Your bank returned the money',
  messagePayoutReversedText:
    'The money of your loan {orderNo} sent to your account ending {last4} came back from your bank on {date}. You owe nothing for it. Give another account, or cancel the loan at no cost.',
  messageCancelledTitle: 'Loan cancelled',
  messageCancelledText: 'Your loan {orderNo} is cancelled. No money reached you and you owe nothing.',
  // issue 29: the decision with its main reason (decision 148), withdrawal (decision 149), the key fact statement's proposal (decision 150)
  loanNoticeDes110Reason: '{reason} You may apply again from {date}.',
  loanNoticeDes110Withdrawn: 'You withdrew this application. Nothing was sent and you owe nothing.',
  loanNoticeDes21Review: 'A person at Kilat is checking your application. You will have our decision by {date}.',
  loanNoticeDes21Late:
    "Your application is taking longer than the one day we aim for. It is now first in our risk team's queue, and we will message you as soon as it is decided.",
  decisionReason_age: 'You must be 18 or older to borrow.',
  decisionReason_incomeFloor: 'Your income is below the {floor} a month that Kilat lends from.',
  decisionReason_employment: 'We could not confirm a salaried income.',
  decisionReason_amountInRange: 'The amount you chose is outside what this product and your limit allow.',
  decisionReason_termInRange: 'The term you chose is not one this product offers.',
  decisionReason_openLoansWithinLimit: 'Together with your other open loans, this amount is above your limit.',
  decisionReason_manualReview: 'After checking your application, we could not approve it.',
  decisionReason_accountNameMatch: 'The name on the account you gave is not yours.',
  decisionReason_identityVerified: 'We could not verify who you are.',
  applicationIncomeBelowFloor: 'Your income is below the {floor} a month that Kilat lends from. You may apply again from {date}.',
  applicationTooYoung: 'You must be 18 or older to borrow. You may apply from {date}.',
  loanDecisionReasonLabel: 'Reason',
  loanReapplyOnLabel: 'Apply again from',
  loanReviewDeadlineLabel: 'Decision by',
  loanLimitNote: 'You may borrow up to {limit} now.',
  loanProposalNo: 'Proposal number',
  loanProposalValidUntil: 'Offer valid until',
  loanProposalExpired: 'This offer expired and has been made again with today’s figures. Please check it and confirm again.',
  loanWithdraw: 'Withdraw the application',
  loanWithdrawUnavailable: 'This application cannot be withdrawn now: its money is already on its way or has arrived.',
  messageWithdrawnTitle: 'Application withdrawn',
  messageWithdrawnText: 'You withdrew the application {orderNo}. Nothing was sent and you owe nothing.',
  messageRejectedTitle: 'Application not approved',
  messageRejectedText: 'Your application {orderNo} was not approved: {reason} You may apply again from {date}.',
  smsAgreementSigned:
    'Kilat: you signed the loan agreement {orderNo} (proposal {proposalNo}). Your agreement and key fact statement: {link}',
  // issue 31 follow-ups (decisions 170, 171): a refund in the message centre, a written-off borrower's refusal
  messageRefundedTitle: 'Your overpayment was refunded',
  messageRefundedText:
    '{amount} you paid beyond what your loan {orderNo} owed was sent back to your account ending {last4} on {date}. Bank reference (UTR): {utr}.',
  loanRefusedWrittenOff:
    'Kilat cannot lend to you again: a loan of yours was written off. Please contact us if you think this is a mistake.',
  // collections (issue 46): a collector's SMS from a template, with today's figures; an outside agency named before it calls
  collectionSmsReminder:
    'Kilat: your loan {orderNo} is {days} days overdue. Owed today: {amount}, of which late fees {penalty}. Please repay now: {link}',
  collectionSmsFinalNotice:
    'Kilat: final notice for your loan {orderNo}, {days} days overdue. Owed today: {amount}, of which late fees {penalty}. Repay now to stop further late fees: {link}',
  agencyNoticeSms:
    'Kilat: your overdue loan {orderNo} is now handled for Kilat by the recovery agency {agency} ({contact}). They may contact you from today, only between the permitted hours.',
  messageAgencyNoticeTitle: 'Who will contact you about your loan',
  messageAgencyNoticeText:
    'Your overdue loan {orderNo} is now handled for Kilat by the recovery agency {agency} ({contact}). Only they and Kilat may contact you about it, and only you.',
} as const;

export type MessageKey = keyof typeof enIN;
export type Messages = Record<MessageKey, string>;
