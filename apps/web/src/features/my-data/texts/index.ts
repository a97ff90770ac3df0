import type { ContentLoaders } from '@/shared/i18n';
import type { MyDataTexts } from './en-IN';

export type { MyDataTexts };

/** The page's texts per language, loaded on first use. */
export const myDataTexts: ContentLoaders<MyDataTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
