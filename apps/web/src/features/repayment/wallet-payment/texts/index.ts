import type { ContentLoaders } from '@/shared/i18n';
import type { WalletTexts } from './en-IN';

export type { WalletTexts };

/** The page's texts per locale, loaded on first use (one pack per market). */
export const walletTexts: ContentLoaders<WalletTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
