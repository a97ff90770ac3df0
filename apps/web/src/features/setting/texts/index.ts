import type { ContentLoaders } from '@/shared/i18n';
import type { SettingTexts } from './en-IN';

export type { SettingTexts };

/** The setting screen's texts per language, loaded on first use. */
export const settingTexts: ContentLoaders<SettingTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
