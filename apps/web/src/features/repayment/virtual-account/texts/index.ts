import type { ContentLoaders } from '@/shared/i18n';
import type { VirtualAccountTexts } from './en-IN';

export type { VirtualAccountTexts };

/** The page's texts per locale, loaded on first use (one pack per market). */
export const virtualAccountTexts: ContentLoaders<VirtualAccountTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
