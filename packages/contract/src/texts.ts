/** Message lookup with `{name}` interpolation, shared by the server and the web packs. */
import type { MessageKey, Messages } from './texts/en-IN.js';

export type { MessageKey, Messages };

export const interpolate = (template: string, values?: Record<string, string | number>): string =>
  values ? template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)) : template;
