import type { ContentLoaders } from '@/shared/i18n';
import type { InstallmentsTexts } from './en-IN';

export type { InstallmentsTexts };

/** The page's texts per locale, loaded on first use (one pack per market). */
export const installmentsTexts: ContentLoaders<InstallmentsTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
