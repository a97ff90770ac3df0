import type { ContentLoaders } from '@/shared/i18n';
import type { IdentityTexts } from './en-IN';

export type { IdentityTexts };

/** The feature's texts per locale, loaded on first use (one pack per market). */
export const identityTexts: ContentLoaders<IdentityTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
