import { marketFromIsNeedPop } from '@kilat/contract';
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearQueryContext,
  commonParams,
  endSession,
  getMarket,
  getQueryContext,
  getSessionToken,
  merchantNumber,
  pageParam,
  startSession,
} from './index';

const visit = (address: string) => window.history.replaceState(null, '', address);

afterEach(() => {
  clearQueryContext();
  visit('/');
});

describe('isNeedPop selects the market', () => {
  it.each([
    [1, 'IN'],
    ['1', 'IN'],
    [0, 'ID'],
    [undefined, 'ID'],
    ['2', 'ID'],
    ['', 'ID'],
  ] as const)('isNeedPop %s selects %s', (isNeedPop, market) => {
    expect(marketFromIsNeedPop(isNeedPop)).toBe(market);
  });

  it('reads isNeedPop=1 from the page address as India', () => {
    visit('/loanDetails?isNeedPop=1');
    expect(getMarket()).toBe('IN');
  });

  it('falls back to Indonesia when the address has no isNeedPop', () => {
    visit('/loanDetails');
    expect(getMarket()).toBe('ID');
  });

  it('opens a new tab without isNeedPop in the market this phone last used (issue 48)', () => {
    visit('/login?isNeedPop=1');
    getQueryContext();
    // a new tab: its own sessionStorage, the phone's cookies
    window.sessionStorage.clear();
    visit('/main');
    expect(getMarket()).toBe('IN');
    expect(document.cookie).toContain('kilat_market=IN');
  });

  it('remembers the market for the tab when later addresses omit isNeedPop', () => {
    visit('/loanDetails?isNeedPop=1');
    getQueryContext();
    visit('/repay');
    expect(getMarket()).toBe('IN');
  });
});

describe("the session's market outranks the tab's last page (issue 30, item 6)", () => {
  it("keeps a signed-in borrower's market on a page without isNeedPop after another market's page", () => {
    visit('/login?isNeedPop=0');
    expect(getMarket()).toBe('ID');
    startSession('token-1', 'dev-1', 'ID');
    visit('/aboutUs?isNeedPop=1');
    expect(getMarket()).toBe('IN');
    visit('/main');
    expect(getMarket()).toBe('ID');
    endSession();
    visit('/main?x=1');
    expect(getMarket()).toBe('IN');
  });

  it("takes the market of a shell link's session from the same link", () => {
    visit('/aboutUs?isNeedPop=0');
    visit('/main?sessionId=token-2&isNeedPop=1');
    expect(getMarket()).toBe('IN');
    visit('/aboutUs?isNeedPop=0');
    visit('/order');
    expect(getMarket()).toBe('IN');
  });
});

describe('query context', () => {
  it('moves sessionId to sessionStorage and removes it from the visible address', () => {
    visit('/loanDetails?orderId=42&sessionId=secret-token&productId=7');
    const context = getQueryContext();
    expect(getSessionToken()).toBe('secret-token');
    expect(context.sessionId).toBe('secret-token');
    expect(window.location.search).toBe('?orderId=42&productId=7');
    expect(window.location.href).not.toContain('secret-token');
    expect(window.sessionStorage.getItem('kilat.session')).toBe('secret-token');
  });

  it('removes sessionId from a hash route address too', () => {
    visit('/#/borrowDetail/?productId=7&sessionId=hash-token&orderId=9');
    expect(getQueryContext()).toMatchObject({ productId: '7', orderId: '9', sessionId: 'hash-token' });
    expect(window.location.hash).toBe('#/borrowDetail/?productId=7&orderId=9');
  });

  it('reads the spec §3 fields from the address, merged over what the tab remembered', () => {
    visit('/loanDetails?deviceId=dev-1&orderId=1&productId=5&appVersion=3.1.0');
    getQueryContext();
    visit('/loanDetails?orderId=2');
    expect(getQueryContext()).toMatchObject({ deviceId: 'dev-1', orderId: '2', productId: '5', appVersion: '3.1.0' });
  });

  it('never puts the session token among the common parameters', () => {
    visit('/loanDetails?sessionId=secret&deviceId=d-9&isNeedPop=1&osVersion=14');
    const params = commonParams();
    expect(params).toMatchObject({ deviceId: 'd-9', market: 'IN', osVersion: '14' });
    expect(Object.values(params)).not.toContain('secret');
    expect(pageParam('sessionId')).toBe('');
  });

  it('uses the default merchant number when the address has none', () => {
    visit('/');
    expect(merchantNumber()).toBe('kilat');
    visit('/?merchantNumber=m-7');
    expect(merchantNumber()).toBe('m-7');
  });

  it('reads a page parameter from the query string or the hash route query', () => {
    visit('/jointLoginFailure?approaches=abc');
    expect(pageParam('approaches')).toBe('abc');
    visit('/#/addnormalcard?from=payway');
    expect(pageParam('from')).toBe('payway');
    expect(pageParam('absent')).toBe('');
  });
});
