export { I18nProvider, useLocale, useMarket, useOptionalT, useT } from './i18n-provider';
export { activeLocale, chooseLanguage, chosenLanguage, forgetLanguageChoice, useChosenLanguage } from './language-choice';
export { activateLocale, loadMessages, type Translate, translate, type WebMessageKey, type WebMessages } from './messages';
export { type ContentLoaders, preloadContent, useContent } from './use-content';
