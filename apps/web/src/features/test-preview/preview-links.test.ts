import { describe, expect, it } from 'vitest';
import { emptyPreviewFields, type PreviewFields, previewHref, previewLinks } from './preview-links';

const typed: PreviewFields = {
  appVersion: '3.2.1',
  deviceName: 'Pixel 7',
  deviceId: 'device-42',
  osVersion: 'Android 14',
  sessionId: 'session-abc',
  gaid: 'ad-id-1',
  productId: '7',
  orderId: '9001',
  amount: '1613250',
  market: 'IN',
};

const queryOf = (href: string) => new URLSearchParams(href.slice(href.lastIndexOf('?') + 1));

describe('test preview links', () => {
  it('carries every typed value in the query of every link', () => {
    for (const link of previewLinks(typed)) {
      const query = queryOf(link.href);
      expect(query.get('deviceId'), link.id).toBe('device-42');
      expect(query.get('appVersion'), link.id).toBe('3.2.1');
      expect(query.get('deviceName'), link.id).toBe('Pixel 7');
      expect(query.get('osVersion'), link.id).toBe('Android 14');
      expect(query.get('sessionId'), link.id).toBe('session-abc');
      expect(query.get('gaid'), link.id).toBe('ad-id-1');
      expect(query.get('productId'), link.id).toBe('7');
      expect(query.get('orderId'), link.id).toBe('9001');
      expect(query.get('isNeedPop'), link.id).toBe('1');
    }
  });

  it('sets isNeedPop to 1 for India and to 0 for Indonesia', () => {
    expect(queryOf(previewHref('/aboutUs', typed)).get('isNeedPop')).toBe('1');
    expect(queryOf(previewHref('/aboutUs', { ...typed, market: 'ID' })).get('isNeedPop')).toBe('0');
  });

  it("opens every page a developer needs at its path: the spec's list, the rest of the product, and the method chooser in Indonesia", () => {
    const paths = (fields: PreviewFields) => Object.fromEntries(previewLinks(fields).map((link) => [link.id, link.href.split('?')[0]]));
    expect(paths(typed)).toEqual({
      officialSite: '/',
      confirm: '/loanConfirm',
      orderDetail: '/loanDetails',
      repay: '/repay',
      extension: '/repayDelay',
      payWay: '/payway',
      bindCard: '/#/addnormalcard',
      thirdParty: '/#/alipayrepayment',
      repayInstructions: '/that',
      loanTerms: '/loanTerms',
      recommended: '/relevant',
      jointLoginFailure: '/jointLoginFailure',
      aboutUs: '/aboutUs',
      complaint: '/complaint',
      complaintList: '/complaintList',
      chatbot: '/intelligentCustomerService',
      customerService: '/customerService',
      privacyPolicy: '/privacyPolicy',
    });
    expect(paths({ ...typed, market: 'ID' }).methodChooser).toBe('/individual');
  });

  it('opens the promotion registration and download pages of each seeded template by its id', () => {
    const links = previewLinks(typed, ['IN-FB-01', 'IN-GG-01']).filter((link) => link.templateId);
    expect(links.map((link) => [link.id, link.templateId, queryOf(link.href).get('id')])).toEqual([
      ['promotion', 'IN-FB-01', 'IN-FB-01'],
      ['downloadTemplate', 'IN-FB-01', 'IN-FB-01'],
      ['promotion', 'IN-GG-01', 'IN-GG-01'],
      ['downloadTemplate', 'IN-GG-01', 'IN-GG-01'],
    ]);
    expect(links[0]!.href.startsWith('/promotion?')).toBe(true);
  });

  it('opens bank binding as the #/addnormalcard hash route with orderId, productId, couponMoney, couponId, withholdingAmount and from=payway', () => {
    const bindCard = previewLinks(typed).find((link) => link.id === 'bindCard')!;
    const query = queryOf(bindCard.href);
    expect(bindCard.href.startsWith('/#/addnormalcard?')).toBe(true);
    expect(query.get('orderId')).toBe('9001');
    expect(query.get('productId')).toBe('7');
    expect(query.get('couponMoney')).toBe('0');
    expect(query.get('couponId')).toBe('');
    expect(query.get('withholdingAmount')).toBe('1613250');
    expect(query.get('from')).toBe('payway');
  });

  it("opens repay instructions at /that with the order's amount and display", () => {
    const instructions = previewLinks(typed).find((link) => link.id === 'repayInstructions')!;
    const query = queryOf(instructions.href);
    expect(instructions.href.startsWith('/that?')).toBe(true);
    expect(query.get('amount')).toBe('1613250');
    expect(query.get('display')).toBe('1');
    expect(query.get('orderId')).toBe('9001');
  });

  it('leaves out fields that were not typed and encodes the ones that were', () => {
    const href = previewHref('/customerService', { ...emptyPreviewFields('ID'), deviceName: 'Galaxy A54 & co' });
    const query = queryOf(href);
    expect([...query.keys()].sort()).toEqual(['deviceName', 'isNeedPop']);
    expect(query.get('deviceName')).toBe('Galaxy A54 & co');
  });
});
