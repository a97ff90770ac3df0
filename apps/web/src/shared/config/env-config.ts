import { type Market, Market as Markets } from '@kilat/contract';
import { Paths } from '@/shared/paths';

export interface CompanyInfo {
  name: string;
  address: string;
  phone: string;
  email: string;
}

/**
 * The environment config of spec §3. The spec withholds the lender's name; these are ours.
 * Colours are chosen so that text passes WCAG AA (4.5:1) on the brand yellow and on white.
 */
export const envConfig = {
  backgroundColor: '#ffd21f',
  fontColor: '#1f1f1f',
  linkColor: '#07601f',
  servicePhone: { [Markets.India]: '+91 80 4718 2500', [Markets.Indonesia]: '+62 21 5082 3100' } satisfies Record<Market, string>,
  appName: { [Markets.India]: 'Kilat', [Markets.Indonesia]: 'Kilat' } satisfies Record<Market, string>,
  company: {
    [Markets.India]: {
      name: 'Kilat Finance Private Limited',
      address: '4th Floor, Prestige Tech Park, Outer Ring Road, Marathahalli, Bengaluru, Karnataka 560103, India',
      phone: '+91 80 4718 2500',
      email: 'support@kilat.in',
    },
    [Markets.Indonesia]: {
      name: 'PT Kilat Dana Teknologi',
      address: 'Menara Kilat Lt. 12, Jl. Jend. Sudirman Kav. 52-53, Jakarta Selatan 12190, Indonesia',
      phone: '+62 21 5082 3100',
      email: 'cs@kilat.co.id',
    },
  } satisfies Record<Market, CompanyInfo>,
  /** the page the official site's Policy section embeds in a frame */
  policyUrl: Paths.privacyPolicy,
} as const;

/** The colours as CSS variables, so stylesheets never repeat them. */
export const applyTheme = (root: HTMLElement = document.documentElement): void => {
  root.style.setProperty('--color-brand', envConfig.backgroundColor);
  root.style.setProperty('--color-text', envConfig.fontColor);
  root.style.setProperty('--color-link', envConfig.linkColor);
};
