import type { ContentLoaders } from '@/shared/i18n';
import type { BindCardTexts } from './en-IN';

export type { BindCardTexts };

/** The page's texts per locale, loaded on first use (one pack per market). */
export const bindCardTexts: ContentLoaders<BindCardTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
