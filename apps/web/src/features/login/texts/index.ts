import type { ContentLoaders } from '@/shared/i18n';
import type { LoginTexts } from './en-IN';

export type { LoginTexts };

/** The feature's texts per locale, loaded on first use (one pack per market). */
export const loginTexts: ContentLoaders<LoginTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
