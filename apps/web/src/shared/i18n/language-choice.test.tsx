import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/shared/testing/render';
import { chooseLanguage, chosenLanguage, forgetLanguageChoice, useLocale, useMarket, useT } from './index';

function Probe() {
  const t = useT();
  return <p>{`${useMarket()} ${useLocale()} ${t('navHome')}`}</p>;
}

const renderProbe = (market: 'IN' | 'ID') => renderWithProviders(<Probe />, { market, router: false });

/** The cookie as the browser kept it from an earlier visit ('' removes it). */
const plantCookie = (value: string) => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the browser that kept the cookie
  document.cookie = value ? `kilat_lang=${value}; Path=/` : 'kilat_lang=; Path=/; Max-Age=0';
};

afterEach(() => {
  cleanup();
  plantCookie('');
  forgetLanguageChoice();
});

describe('the language of the pages (decision 111)', () => {
  it('follows the market when the borrower chose nothing', async () => {
    await renderProbe('IN');
    expect(await screen.findByText('IN en-IN Home')).toBeTruthy();
    expect(chosenLanguage()).toBeNull();
  });

  it('switches the texts at once and keeps the market, remembering the choice in the cookie', async () => {
    await renderProbe('IN');
    await act(() => chooseLanguage('id-ID', 'IN'));
    expect(await screen.findByText('IN id-ID Beranda')).toBeTruthy();
    expect(document.documentElement.lang).toBe('id-ID');
    expect(document.cookie).toContain('kilat_lang=id-ID');
  });

  it('reads a choice made on an earlier visit from the cookie at boot', async () => {
    plantCookie('en-IN');
    forgetLanguageChoice();
    await renderProbe('ID');
    expect(await screen.findByText('ID en-IN Home')).toBeTruthy();
  });

  it('forgets the cookie when the borrower chooses the market’s own language, so the pages follow isNeedPop again', async () => {
    plantCookie('en-IN');
    forgetLanguageChoice();
    await renderProbe('ID');
    await act(() => chooseLanguage('id-ID', 'ID'));
    expect(await screen.findByText('ID id-ID Beranda')).toBeTruthy();
    expect(document.cookie).not.toContain('kilat_lang');
    expect(chosenLanguage()).toBeNull();
  });

  it('ignores a cookie that names no pack', async () => {
    plantCookie('fr-FR');
    forgetLanguageChoice();
    await renderProbe('ID');
    expect(await screen.findByText('ID id-ID Beranda')).toBeTruthy();
  });
});
