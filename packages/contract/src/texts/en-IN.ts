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
  chatbotGreeting: 'Hello! I am Suci, the chatbot service...',
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
  delayCurrentDueDate: 'Current due date',
  delayNewDueDate: 'New due date',
  delayExtensionDays: 'Extension',
  delayFee: 'Extension fee',

  // repayment (issue 5): the server's messages
  repayTokenInvalid: 'This payment has expired or was already used. Please start the payment again.',
  repayAmountMismatch: 'The amount does not match this payment. Please start the payment again.',
  nothingToRepay: 'Nothing is owed on this loan.',
  repayAmountTooLarge: 'The amount is more than is owed ({amount}).',
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
} as const;

export type MessageKey = keyof typeof enIN;
export type Messages = Record<MessageKey, string>;
