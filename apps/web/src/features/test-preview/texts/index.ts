import type { ContentLoaders } from '@/shared/i18n';
import type { TestPreviewTexts } from './en-IN';

export type { TestPreviewTexts };

/** The feature's texts per locale, loaded on first use (one pack per market). */
export const testPreviewTexts: ContentLoaders<TestPreviewTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
