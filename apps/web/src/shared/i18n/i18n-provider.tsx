import { chooseLocale, type Locale, type Market } from '@kilat/contract';
import { createContext, type ReactNode, use, useContext, useMemo } from 'react';
import { useLocationProperty } from 'wouter/use-browser-location';
import { getMarket } from '@/shared/query-context';
import { useChosenLanguage } from './language-choice';
import { activateMessages, loadMessages, makeTranslate, type Translate, type WebMessages } from './messages';

interface I18nValue {
  market: Market;
  locale: Locale;
  t: Translate;
}

const I18nContext = createContext<I18nValue | null>(null);

/** Provides the active language pack (the borrower's choice, else the market's: decision 111); suspends until the pack is loaded. */
export function I18nProvider({ market: forcedMarket, children }: { market?: Market; children: ReactNode }) {
  // the address's market, read again on every in-app navigation: a link to another market's page speaks its pack (decision 139)
  const addressMarket = useLocationProperty(getMarket, () => forcedMarket ?? getMarket());
  const market = forcedMarket ?? addressMarket;
  const locale = chooseLocale(market, useChosenLanguage());
  const messages: WebMessages = use(loadMessages(locale));
  const value = useMemo<I18nValue>(() => {
    activateMessages(locale, messages);
    return { market, locale, t: makeTranslate(messages) };
  }, [market, locale, messages]);
  return <I18nContext value={value}>{children}</I18nContext>;
}

const useI18n = (): I18nValue => {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useT, useMarket and useLocale need an <I18nProvider> above them');
  return value;
};

/** The optional variant, for shell pieces (the Suspense spinner) that also render before the pack loads. */
export const useOptionalT = (): Translate | null => useContext(I18nContext)?.t ?? null;

export const useT = (): Translate => useI18n().t;
export const useMarket = (): Market => useI18n().market;
export const useLocale = (): Locale => useI18n().locale;
