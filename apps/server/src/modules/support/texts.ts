/** The contract's texts in one language, for answers that carry text rather than an error. */
import { Locale, type MessageKey, type Messages } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';

const packs: Record<Locale, Messages> = { [Locale.India]: enIN, [Locale.Indonesia]: idID };

export const textIn = (locale: Locale, key: MessageKey): string => packs[locale][key];
