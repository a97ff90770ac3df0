import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearQueryContext } from '@/shared/query-context';
import { I18nProvider, loadMessages, translate, useContent, useLocale, useMarket, useT } from './index';

const content = {
  'en-IN': () => import('./test-content/en-IN'),
  'id-ID': () => import('./test-content/id-ID'),
};

function Probe() {
  const t = useT();
  const texts = useContent(content);
  return (
    <div>
      <p>{`${useMarket()} ${useLocale()}`}</p>
      <p>{t('navLoanTerms')}</p>
      <p>{t('collectionNotSupported')}</p>
      <p>{t('footerCopyright', { year: 2026, company: 'Kilat' })}</p>
      <h2>{texts.heading}</h2>
    </div>
  );
}

const renderProbe = () =>
  act(async () => {
    render(
      <Suspense fallback={null}>
        <I18nProvider>
          <Probe />
        </I18nProvider>
      </Suspense>,
    );
  });

afterEach(() => {
  clearQueryContext();
  window.history.replaceState(null, '', '/');
});

describe('language packs', () => {
  it('selects the India pack when the address has isNeedPop=1', async () => {
    window.history.replaceState(null, '', '/?isNeedPop=1');
    await renderProbe();
    expect(await screen.findByText('IN en-IN')).toBeTruthy();
    expect(screen.getByText('Loan Terms And Conditions')).toBeTruthy();
    expect(screen.getByText('The selected order does not support sending collection types')).toBeTruthy();
    expect(screen.getByText('© 2026 Kilat. All rights reserved.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Why choose us' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en-IN');
  });

  it('selects the Indonesia pack when isNeedPop is absent', async () => {
    window.history.replaceState(null, '', '/');
    await renderProbe();
    expect(await screen.findByText('ID id-ID')).toBeTruthy();
    expect(screen.getByText('Syarat dan Ketentuan Pinjaman')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Mengapa memilih kami' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('id-ID');
    expect(translate('navHome')).toBe('Beranda');
  });

  it('has a non-empty text for every key in both packs', async () => {
    const [english, indonesian] = await Promise.all([loadMessages('en-IN'), loadMessages('id-ID')]);
    expect(Object.keys(indonesian).sort()).toEqual(Object.keys(english).sort());
    for (const text of [...Object.values(english), ...Object.values(indonesian)]) expect(text.trim()).not.toBe('');
  });

  it('keeps the spec’s official-site navigation labels in English', async () => {
    const english = await loadMessages('en-IN');
    expect([
      english.navHome,
      english.navAboutUs,
      english.navUserReviews,
      english.navPrivacyPolicy,
      english.navLoanTerms,
      english.navContactUs,
    ]).toEqual(['Home', 'About us', 'User reviews', 'Privacy Policy', 'Loan Terms And Conditions', 'Contact us']);
  });
});
