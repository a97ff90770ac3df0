import { CONTACTS_META_NAME, type CompanyContacts, DefaultCompanyContacts, type Market, Market as Markets } from '@kilat/contract';
import { Paths } from '@/shared/paths';
import { serverRequest } from '@/shared/server-request';

export type CompanyInfo = CompanyContacts;

type GivenContacts = Partial<Record<Market, Partial<CompanyInfo>>>;

const withDefaults = (given: GivenContacts): Record<Market, CompanyInfo> => ({
  [Markets.India]: { ...DefaultCompanyContacts.IN, ...given.IN },
  [Markets.Indonesia]: { ...DefaultCompanyContacts.ID, ...given.ID },
});

/**
 * The deployment's lender and customer-service contacts: the server puts them into the page
 * (docs/decisions/057); the contract's defaults serve the Vite dev server and component tests.
 */
const readContacts = (): Record<Market, CompanyInfo> => {
  const meta = typeof document === 'undefined' ? null : document.querySelector(`meta[name="${CONTACTS_META_NAME}"]`);
  try {
    return withDefaults(meta ? (JSON.parse(meta.getAttribute('content') ?? '') as GivenContacts) : {});
  } catch {
    return DefaultCompanyContacts;
  }
};

const pageContacts = readContacts();

/** The contacts of the page: on the server those of the request it renders (decision 081), in the browser the page's meta. */
const contacts = (): Record<Market, CompanyInfo> => {
  const rendering = serverRequest();
  return rendering ? withDefaults(rendering.contacts) : pageContacts;
};

/**
 * The environment config of spec §3. The spec withholds the lender's name; these are ours.
 * Colours are chosen so that text passes WCAG AA (4.5:1) on the brand yellow and on white.
 */
export const envConfig = {
  backgroundColor: '#ffd21f',
  fontColor: '#1f1f1f',
  linkColor: '#07601f',
  /** the default service phone (spec §9), replaced by a response's telephone when it has one */
  get servicePhone(): Record<Market, string> {
    const company = contacts();
    return { [Markets.India]: company.IN.phone, [Markets.Indonesia]: company.ID.phone };
  },
  appName: { [Markets.India]: 'Kilat', [Markets.Indonesia]: 'Kilat' } satisfies Record<Market, string>,
  get company(): Record<Market, CompanyInfo> {
    return contacts();
  },
  /** the page the official site's Policy section embeds in a frame */
  policyUrl: Paths.privacyPolicy,
} as const;

/** The colours as CSS variables, so stylesheets never repeat them. */
export const applyTheme = (root: HTMLElement = document.documentElement): void => {
  root.style.setProperty('--color-brand', envConfig.backgroundColor);
  root.style.setProperty('--color-text', envConfig.fontColor);
  root.style.setProperty('--color-link', envConfig.linkColor);
};
