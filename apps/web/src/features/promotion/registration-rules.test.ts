import { describe, expect, it } from 'vitest';
import {
  afterRegistrationHref,
  agreementTemplateHref,
  backToLoginHref,
  downloadTemplateHref,
  isRegistrationPhone,
  limitCaptcha,
  limitSmsCode,
  otherMarketProblem,
  readChannelParams,
  registerProblem,
  sendSmsProblem,
  templateIdOf,
} from './registration-rules';

const channel = readChannelParams(
  (name) => ({ app_from: 'kilat', user_from: 'fb', utm_tag: 'spring', id: 'tpl-id', down_id: '' })[name] ?? '',
);

describe('the registration phone', () => {
  it("takes the market's real mobiles, typed with spaces, dashes or the country code", () => {
    expect(isRegistrationPhone('98765 43210', 'IN')).toBe(true);
    expect(isRegistrationPhone('+91 98765-43210', 'IN')).toBe(true);
    expect(isRegistrationPhone('0812 3456 7890', 'ID')).toBe(true);
    expect(isRegistrationPhone('+62 812 3456 7890', 'ID')).toBe(true);
  });

  it("refuses the spec's 11-digit 1… numbers and another market's mobiles", () => {
    expect(isRegistrationPhone('13812345678', 'IN')).toBe(false);
    expect(isRegistrationPhone('13812345678', 'ID')).toBe(false);
    expect(isRegistrationPhone('0812 3456 7890', 'IN')).toBe(false);
    expect(isRegistrationPhone('98765 43210', 'ID')).toBe(false);
    expect(isRegistrationPhone('', 'ID')).toBe(false);
  });
});

describe('the captcha and SMS code inputs', () => {
  it('keep at most 4 captcha characters and 6 SMS code digits', () => {
    expect(limitCaptcha('ab3D9x')).toBe('ab3D');
    expect(limitCaptcha('a b-c')).toBe('abc');
    expect(limitSmsCode('12a34 5678')).toBe('123456');
  });
});

describe('getting an SMS code', () => {
  it("says 'Please enter phone correctly' first, then 'Please enter image captcha correctly'", () => {
    expect(sendSmsProblem({ phone: '0812 3456', captcha: '', smsCode: '' }, 'ID')).toBe('enterPhoneCorrectly');
    expect(sendSmsProblem({ phone: '0812 3456 7890', captcha: 'AB3', smsCode: '' }, 'ID')).toBe('enterCaptchaCorrectly');
    expect(sendSmsProblem({ phone: '0812 3456 7890', captcha: 'AB3D', smsCode: '' }, 'ID')).toBeNull();
  });
});

describe('registering', () => {
  it("also needs a 6-digit SMS code, else 'Please enter SMS code correctly'", () => {
    expect(registerProblem({ phone: '12', captcha: 'AB3D', smsCode: '123456' }, 'IN')).toBe('enterPhoneCorrectly');
    expect(registerProblem({ phone: '98765 43210', captcha: '', smsCode: '123456' }, 'IN')).toBe('enterCaptchaCorrectly');
    expect(registerProblem({ phone: '98765 43210', captcha: 'AB3D', smsCode: '12345' }, 'IN')).toBe('enterSmsCodeCorrectly');
    expect(registerProblem({ phone: '98765 43210', captcha: 'AB3D', smsCode: '123456' }, 'IN')).toBeNull();
  });
});

describe('the promotion page links', () => {
  it('lead to the download template page with the channel params', () => {
    expect(downloadTemplateHref(channel)).toBe('#/downloadTemplate?app_from=kilat&user_from=fb&utm_tag=spring&id=tpl-id');
    expect(downloadTemplateHref({ ...channel, down_id: 'd-7' })).toBe(
      '#/downloadTemplate?app_from=kilat&user_from=fb&utm_tag=spring&id=tpl-id&down_id=d-7',
    );
  });

  it('lead to the agreement template page naming the agreement by links_id', () => {
    expect(agreementTemplateHref(channel, 1)).toBe('#/agreementTemplate?app_from=kilat&user_from=fb&utm_tag=spring&id=tpl-id&links_id=1');
  });

  it('read the download template from down_id when the address has one, else from id', () => {
    expect(templateIdOf(channel, 'download')).toBe('tpl-id');
    expect(templateIdOf({ ...channel, down_id: 'd-7' }, 'download')).toBe('d-7');
    expect(templateIdOf({ ...channel, down_id: 'd-7' }, 'registration')).toBe('tpl-id');
  });
});

describe('registration opened from login (issue 48)', () => {
  it('goes on only to a page of this site, else main', () => {
    expect(afterRegistrationHref('/loanConfirm?productId=1')).toBe('/loanConfirm?productId=1');
    expect(afterRegistrationHref('https://evil.example/')).toBe('/main');
    expect(afterRegistrationHref('//evil.example/')).toBe('/main');
  });

  it('goes back to login in its market, still going where it was going', () => {
    expect(backToLoginHref('IN', '/main')).toBe('/login?isNeedPop=1&next=%2Fmain');
    expect(backToLoginHref('ID', '//evil.example/')).toBe('/login?isNeedPop=0&next=%2Fmain');
  });

  it("names another market's number, and asks no captcha for it", () => {
    expect(otherMarketProblem('0812 3456 7890', 'IN')).toBe('phoneIsIndonesian');
    expect(sendSmsProblem({ phone: '98765 43210', captcha: '', smsCode: '' }, 'ID')).toBe('phoneIsIndian');
  });
});
