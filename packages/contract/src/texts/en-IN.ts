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
  selectBankCardFirst: 'please select payment bank card first',
  enterCorrectVerificationCode: 'please enter correct verification code',
  enterPhoneCorrectly: 'please enter phone correctly',
  enterCaptchaCorrectly: 'please enter image captcha correctly',
  enterSmsCodeCorrectly: 'please enter SMS code correctly',
  doNotResendCode: 'do not resend code',

  // spec §8 error catalogue
  processingFailed: 'processing failed',
  verificationCodeWrong: 'verification code wrong',
  doNotSubmitTwice: 'do not submit repayment request twice',
  networkError: 'error',
  queryCardListFailed: 'query card list failed',
  alreadyRegistered: 'already registered, please download app and log in',
  registrationSuccessful: 'registration successful',
  uploadSucceeded: 'Upload succeeded!',
  successfulDemonstration: 'Successful demonstration!',
  loading: 'loading...',
  uploading: 'uploading...',
  saving: 'saving...',

  // spec §4 loan details
  delayRepayment: 'delay repayment',
  loanMore: 'loan more',
  moreProducts: 'more products',
  getCode: 'get code',

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
  productUnavailable: 'This product is not taking applications right now.',
  jointLoginHeadline: 'We could not log you in to this product',
  jointLoginNotice: 'You can apply for one of these products instead.',

  // loans and repayment (issues 4 and 5)
} as const;

export type MessageKey = keyof typeof enIN;
export type Messages = Record<MessageKey, string>;
