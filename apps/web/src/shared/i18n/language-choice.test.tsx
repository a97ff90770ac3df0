import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearQueryContext } from '@/shared/query-context';
import { chooseLanguage, chosenLanguage, forgetLanguageChoice, I18nProvider, useLocale, useMarket, useT } from './index';

function Probe() {
  const t = useT();
  return <p>{`${useMarket()} ${useLocale()} ${t('navHome')}`}</p>;
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

/** The cookie as the browser kept it from an earlier visit ('' removes it). */
const plantCookie = (value: string) => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the browser that kept the cookie
  document.cookie = value ? `kilat_lang=${value}; Path=/` : 'kilat_lang=; Path=/; Max-Age=0';
};

afterEach(() => {
  cleanup();
  plantCookie('');
  forgetLanguageChoice();
  clearQueryContext();
  window.history.replaceState(null, '', '/');
});

describe('the language of the pages (decision 111)', () => {
  it('follows the market when the borrower chose nothing', async () => {
    window.history.replaceState(null, '', '/?isNeedPop=1');
    await renderProbe();
    expect(await screen.findByText('IN en-IN Home')).toBeTruthy();
    expect(chosenLanguage()).toBeNull();
  });

  it('switches the texts at once and keeps the market, remembering the choice in the cookie', async () => {
    window.history.replaceState(null, '', '/?isNeedPop=1');
    await renderProbe();
    await act(() => chooseLanguage('id-ID', 'IN'));
    expect(await screen.findByText('IN id-ID Beranda')).toBeTruthy();
    expect(document.documentElement.lang).toBe('id-ID');
    expect(document.cookie).toContain('kilat_lang=id-ID');
  });

  it('reads a choice made on an earlier visit from the cookie at boot', async () => {
    plantCookie('en-IN');
    forgetLanguageChoice();
    await renderProbe();
    expect(await screen.findByText('ID en-IN Home')).toBeTruthy();
  });

  it('forgets the cookie when the borrower chooses the market’s own language, so the pages follow isNeedPop again', async () => {
    plantCookie('en-IN');
    forgetLanguageChoice();
    await renderProbe();
    await act(() => chooseLanguage('id-ID', 'ID'));
    expect(await screen.findByText('ID id-ID Beranda')).toBeTruthy();
    expect(document.cookie).not.toContain('kilat_lang');
    expect(chosenLanguage()).toBeNull();
  });

  it('ignores a cookie that names no pack', async () => {
    plantCookie('fr-FR');
    forgetLanguageChoice();
    await renderProbe();
    expect(await screen.findByText('ID id-ID Beranda')).toBeTruthy();
  });
});
