import type { ContentLoaders } from '@/shared/i18n';
import type { MessagesTexts } from './en-IN';

export type { MessagesTexts };

/** The page's texts per locale, loaded on first use (one pack per market). */
export const messagesTexts: ContentLoaders<MessagesTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
