import { describe, expect, it } from 'vitest';
import {
  agreementTemplateHref,
  downloadTemplateHref,
  isRegistrationPhone,
  limitCaptcha,
  limitSmsCode,
  readChannelParams,
  registerProblem,
  sendSmsProblem,
  templateIdOf,
} from './registration-rules';

const channel = readChannelParams(
  (name) => ({ app_from: 'kilat', user_from: 'fb', utm_tag: 'spring', id: 'tpl-id', down_id: '' })[name] ?? '',
);

describe('the registration phone', () => {
  it('must be 11 digits: 1, then 3–9, then nine digits', () => {
    expect(isRegistrationPhone('13812345678')).toBe(true);
    expect(isRegistrationPhone('19912345678')).toBe(true);
    expect(isRegistrationPhone('138 1234 5678')).toBe(true);
    expect(isRegistrationPhone('12812345678')).toBe(false);
    expect(isRegistrationPhone('10812345678')).toBe(false);
    expect(isRegistrationPhone('23812345678')).toBe(false);
    expect(isRegistrationPhone('1381234567')).toBe(false);
    expect(isRegistrationPhone('')).toBe(false);
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
  it("says 'please enter phone correctly' first, then 'please enter image captcha correctly'", () => {
    expect(sendSmsProblem({ phone: '1381234567', captcha: '', smsCode: '' })).toBe('enterPhoneCorrectly');
    expect(sendSmsProblem({ phone: '138 1234 5678', captcha: 'AB3', smsCode: '' })).toBe('enterCaptchaCorrectly');
    expect(sendSmsProblem({ phone: '138 1234 5678', captcha: 'AB3D', smsCode: '' })).toBeNull();
  });
});

describe('registering', () => {
  it("also needs a 6-digit SMS code, else 'please enter SMS code correctly'", () => {
    expect(registerProblem({ phone: '12', captcha: 'AB3D', smsCode: '123456' })).toBe('enterPhoneCorrectly');
    expect(registerProblem({ phone: '13812345678', captcha: '', smsCode: '123456' })).toBe('enterCaptchaCorrectly');
    expect(registerProblem({ phone: '13812345678', captcha: 'AB3D', smsCode: '12345' })).toBe('enterSmsCodeCorrectly');
    expect(registerProblem({ phone: '13812345678', captcha: 'AB3D', smsCode: '123456' })).toBeNull();
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
