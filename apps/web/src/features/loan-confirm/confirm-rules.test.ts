import { API_PREFIX } from '@kilat/contract';
import { describe, expect, it } from 'vitest';
import { AGREEMENT_CHECKED_BY_DEFAULT, agreementOpensInApp, canConfirm, missingSteps, needsPopUp, withFromConfirm } from './confirm-rules';

describe('loan confirm', () => {
  it('has the agreement checkbox checked by default; unchecked disables confirm', () => {
    expect(AGREEMENT_CHECKED_BY_DEFAULT).toBe(true);
    expect(canConfirm(true, false)).toBe(true);
    expect(canConfirm(false, false)).toBe(false);
    expect(canConfirm(true, true)).toBe(false);
  });

  it('shows the agreement pop-up only when isPopType is 1', () => {
    expect(needsPopUp(1)).toBe(true);
    expect(needsPopUp(0)).toBe(false);
  });

  it('redirects to the lend-details URL with from=confirm', () => {
    expect(withFromConfirm('/loanDetails?orderId=1&productId=2')).toBe('/loanDetails?orderId=1&productId=2&from=confirm');
    expect(withFromConfirm('/loanDetails')).toBe('/loanDetails?from=confirm');
    expect(withFromConfirm('https://h5.example/#/borrowDetail/?orderId=1')).toBe(
      'https://h5.example/?from=confirm#/borrowDetail/?orderId=1',
    );
  });

  it('opens an agreement the server serves as a page load, and only a hash route of the app through the router', () => {
    expect(agreementOpensInApp(`${API_PREFIX}/agreements/abc123`)).toBe(false);
    expect(agreementOpensInApp('https://kilat.example/agreements/1')).toBe(false);
    expect(agreementOpensInApp('#/agreementTemplate?id=3')).toBe(true);
  });

  it('names the steps still missing before the agreement opens: an identity not verified, an account not usable (issue 48)', () => {
    expect(missingSteps('none', false)).toEqual(['identity', 'payout']);
    expect(missingSteps('failed', true)).toEqual(['identity']);
    expect(missingSteps('verified', false)).toEqual(['payout']);
    expect(missingSteps('verified', true)).toEqual([]);
    // still loading: not called missing, the server refuses the loan anyway
    expect(missingSteps(undefined, undefined)).toEqual([]);
  });
});
