import type { ContentLoaders } from '@/shared/i18n';
import type { ThirdPartyTexts } from './en-IN';

export type { ThirdPartyTexts };

/** The page's texts per locale, loaded on first use (one pack per market). */
export const thirdPartyTexts: ContentLoaders<ThirdPartyTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
