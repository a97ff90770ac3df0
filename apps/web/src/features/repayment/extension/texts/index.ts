import type { ContentLoaders } from '@/shared/i18n';
import type { ExtensionTexts } from './en-IN';

export type { ExtensionTexts };

/** The page's texts per locale, loaded on first use (one pack per market). */
export const extensionTexts: ContentLoaders<ExtensionTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
