/**
 * The lender's name, address and customer-service contacts per market (spec §3's environment
 * config). These are the defaults; the server reads the deployment's own from its environment
 * (`apps/server/src/config.ts`) and hands them to the pages in the page itself, so the customer
 * service page, the footer, the loan terms and the repay pages all show the same (docs/decisions/057).
 */
import { Market } from './common-params.js';

export interface CompanyContacts {
  name: string;
  address: string;
  /** customer-service telephone, as people write it */
  phone: string;
  email: string;
}

export const DefaultCompanyContacts: Record<Market, CompanyContacts> = {
  [Market.India]: {
    name: 'Kilat Finance Private Limited',
    address: '4th Floor, Prestige Tech Park, Outer Ring Road, Marathahalli, Bengaluru, Karnataka 560103, India',
    phone: '+91 80 4718 2200',
    email: 'support@kilat.co.in',
  },
  [Market.Indonesia]: {
    name: 'PT Kilat Dana Teknologi',
    address: 'Menara Kilat Lt. 12, Jl. Jend. Sudirman Kav. 52-53, Jakarta Selatan 12190, Indonesia',
    phone: '+62 21 5091 8800',
    email: 'cs@kilat.co.id',
  },
};

/** The `<meta name>` under which the server puts the deployment's contacts (JSON) into every page. */
export const CONTACTS_META_NAME = 'kilat-contacts';
