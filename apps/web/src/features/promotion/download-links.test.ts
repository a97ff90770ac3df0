import { describe, expect, it } from 'vitest';
import { agreementAt, downloadKind, isSafeLink } from './download-links';

describe('the download template link', () => {
  it('is named by what it opens: Google Play, the App Store or an APK', () => {
    expect(downloadKind('https://play.google.com/store/apps/details?id=com.kilat.app')).toBe('googlePlay');
    expect(downloadKind('https://apps.apple.com/app/kilat/id1')).toBe('appStore');
    expect(downloadKind('https://cdn.example.com/kilat-1.2.apk')).toBe('apk');
    expect(downloadKind('/downloads/Kilat.APK')).toBe('apk');
    expect(downloadKind('https://kilat.example.com/app')).toBe('other');
  });

  it('is followed only when it is a web address or an app path', () => {
    expect(isSafeLink('https://play.google.com/x')).toBe(true);
    expect(isSafeLink('/privacy')).toBe(true);
    expect(isSafeLink('//evil.example.com')).toBe(false);
    expect(isSafeLink('javascript:alert(1)')).toBe(false);
  });
});

describe('the agreement template page', () => {
  it('shows the agreement whose index links_id names, and none for anything else', () => {
    const agreements = ['terms', 'privacy'];
    expect(agreementAt(agreements, '0')).toBe('terms');
    expect(agreementAt(agreements, '1')).toBe('privacy');
    expect(agreementAt(agreements, '2')).toBeUndefined();
    expect(agreementAt(agreements, '')).toBeUndefined();
    expect(agreementAt(agreements, '-1')).toBeUndefined();
  });
});
