import type { ContentLoaders } from '@/shared/i18n';
import type { ChatbotTexts } from './en-IN';

export type { ChatbotTexts };

/** The feature's texts per locale, loaded on first use (one pack per market). */
export const chatbotTexts: ContentLoaders<ChatbotTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
