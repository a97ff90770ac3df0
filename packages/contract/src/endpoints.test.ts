import { describe, expect, it } from 'vitest';
import { Endpoints, endpointNames } from './endpoints.js';
import { callSchemas } from './schemas/index.js';

const paths = endpointNames.map((name) => Endpoints[name].path);

describe('the call table of spec §7', () => {
  it('gives every call a request and a response schema', () => {
    expect(Object.keys(callSchemas).sort()).toEqual([...endpointNames].sort());
  });

  it('gives every call its own path', () => {
    expect(new Set(paths).size).toBe(paths.length);
  });

  it.each([
    ['/user-problem/problem-init'],
    ['/h5-api/v3/user-problem/problem-init'],
    ['/h5-api/v3/user-problem/get-qa-list'],
    ['/h5-api/v3/user-problem/qa-record'],
    ['/user-problem/problem-save'],
    ['/user-problem/upload-problem-img'],
    ['/user-problem/problem-list'],
    ['/user-problem/problem-detail'],
    ['/user-problem/save-score'],
    ['/v3/personal-center/contact-kf-info'],
    ['/api/v1/youmi/youmi-api/service/loan/repayment-way'],
    ['/api/v1/youmi/youmi-api/service/loan/repayment-commit'],
    ['/api/v1/youmi/youmi-api/service/loan/repayment-huichao'],
    ['/api/v1/youmi/youmi-api/service/loan/repayment-confirm'],
    ['/api/v2/youmi/service/channel/channel-template'],
    ['/api/v2/youmi/promotion/track-visit'],
    ['/api/v2/youmi/promotion/get-sid'],
    ['/api/v2/youmi/promotion/get-captcha'],
    ['/api/v2/youmi/promotion/get-sms'],
    ['/api/v2/youmi/promotion/track-click'],
    ['/api/v2/youmi/promotion/register'],
    ['/indah/v3/product/recommend-product-list'],
    ['/indah/pageEvent/save'],
    ['/indah/v3/product/apply'],
    ['/v3/loan-details/generate-vcode'],
    ['/v3/loan-details/init-pay-type'],
    ['/v3/loan-details/delay-detail'],
    ['/v3/installment/loan-play-detail'],
    ['/v3/loan-confirm/loan-detail-confirm'],
    ['/v3/contract/contract'],
    ['/v3/contract/contract-jump'],
    ['/v3/loan-confirm/loan-detail-push'],
    ['/v3/loan-details/loan-details'],
    ['/v3/loan-details/google-score'],
    ['/service/event/save'],
    ['/gopia/goya/define'],
    ['/indah/stand/targeted'],
    ['/indah/stand/necessity'],
    ['/indah/stand/joint'],
  ])('lists the spec path %s', (path) => {
    expect(paths).toContain(path);
  });

  it("answers '0' for promotion and joint-login calls and '00' for the others (spec §8)", () => {
    for (const name of endpointNames) {
      const { group, success } = Endpoints[name];
      expect(success, name).toBe(group === 'promotion' || group === 'joint-login' ? '0' : '00');
    }
  });

  it('routes the joint-login calls through the form client with a status field (spec §7)', () => {
    for (const name of endpointNames.filter((n) => Endpoints[n].group === 'joint-login')) {
      expect(Endpoints[name]).toMatchObject({ client: 'form', codeField: 'status', access: 'public' });
    }
  });

  it('reads the support, loan, repayment and recommend calls only with a session', () => {
    for (const name of endpointNames) {
      const { group, access } = Endpoints[name];
      if (['support', 'loan', 'repayment', 'recommend'].includes(group)) expect(access, name).toBe('session');
    }
  });

  it('uses GET exactly for get-qa-list, the promotion reads and the captcha image', () => {
    const gets = endpointNames.filter((name) => Endpoints[name].method === 'GET').sort();
    expect(gets).toEqual(['captchaImage', 'captchaSession', 'channelTemplate', 'qaList', 'trackClick', 'trackVisit'].sort());
  });
});
