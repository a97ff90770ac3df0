import type { ContentLoaders } from '@/shared/i18n';
import type { PrivacyPolicyTexts } from './en-IN';

export type { PrivacyPolicyTexts };

/** The feature's texts per locale, loaded on first use (one pack per market). */
export const privacyPolicyTexts: ContentLoaders<PrivacyPolicyTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
