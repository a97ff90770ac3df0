/** The promotion registration, download and agreement template pages in English (India) (spec §2). */
const texts = {
  registrationTitle: 'Register',
  phoneLabel: 'Phone number',
  captchaLabel: 'Image captcha',
  captchaImage: 'Image captcha',
  newCaptcha: 'Get a new image captcha',
  captchaLoading: 'Loading the image captcha',
  smsCodeLabel: 'SMS code',
  countdown: '{seconds} s',
  codeSent: 'The SMS code has been sent.',
  agreementIntro: 'By applying you agree to',
  downloadTitle: 'Download the app',
  downloadIntro: 'Download {appName} and log in with your phone number to get your loan.',
  // issue 30: a phone browser can carry on here
  orOnTheWeb: 'Or carry on in this browser:',
  logInOnTheWeb: 'Log in on the web',
  downloadApp: 'Download {appName}',
  googlePlay: 'Get it on Google Play',
  appStore: 'Download on the App Store',
  apk: 'Download the APK',
  agreementTitle: 'Agreement',
  agreementNotFound: 'This agreement could not be found.',
};

export type PromotionTexts = typeof texts;
export default texts;
