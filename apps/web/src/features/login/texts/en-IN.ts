/** The login page in English (India) (issue 17). */
const texts = {
  title: 'Log in',
  intro: 'Log in with your mobile number and the code we send you by SMS.',
  phoneLabel: 'Mobile number',
  phoneHint: '10 digits, e.g. 98765 43210',
  smsCodeLabel: 'SMS code',
  countdown: '{seconds} s',
  codeSent: 'The SMS code has been sent.',
  logIn: 'Log in',
  noAccount: 'New to Kilat? Register on our promotion page.',
  register: 'Register',
  noAccountTitle: 'No account with this number',
  noAccountText: 'Register with this number: once registered, you are logged in, with no second code.',
  registerNow: 'Register now',
};

export type LoginTexts = typeof texts;
export default texts;
