import { describe, expect, it } from 'vitest';
import { isClickable, isWebUrl, withCommonQuery } from './joint-rules';

const common = { deviceId: 'dev-1', market: 'ID', appVersion: '1.0.0', gid: '' };

describe('joint-login failure rows', () => {
  it('are clickable only when the clickable flag is 1', () => {
    expect(isClickable(1)).toBe(true);
    expect(isClickable(0)).toBe(false);
  });

  it('navigate to an http URL with the common query string appended', () => {
    expect(isWebUrl('https://partner.example.com/a')).toBe(true);
    expect(isWebUrl('partner://open')).toBe(false);
    expect(withCommonQuery('https://partner.example.com/a', common)).toBe(
      'https://partner.example.com/a?deviceId=dev-1&market=ID&appVersion=1.0.0',
    );
    expect(withCommonQuery('https://partner.example.com/a?ref=kilat', common)).toBe(
      'https://partner.example.com/a?ref=kilat&deviceId=dev-1&market=ID&appVersion=1.0.0',
    );
    expect(withCommonQuery('https://partner.example.com/a?', { market: 'IN' })).toBe('https://partner.example.com/a?market=IN');
    expect(withCommonQuery('https://partner.example.com/#/start', { market: 'IN' })).toBe('https://partner.example.com/?market=IN#/start');
    expect(withCommonQuery('https://partner.example.com/a', {})).toBe('https://partner.example.com/a');
  });
});
