import type { ContentLoaders } from '@/shared/i18n';
import type { JointLoginFailureTexts } from './en-IN';

export type { JointLoginFailureTexts };

/** The page's texts per locale, loaded on first use (one pack per market). */
export const jointLoginFailureTexts: ContentLoaders<JointLoginFailureTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
