/**
 * The lender's name, address and customer-service contacts per market (spec §3's environment
 * config). These are the defaults; the server reads the deployment's own from its environment
 * (`apps/server/src/config.ts`) and hands them to the pages in the page itself, so the customer
 * service page, the footer, the loan terms and the repay pages all show the same (docs/decisions/057).
 */
import { Market } from './common-params.js';

/** Whom a borrower complains to when customer service has not helped (issue 49). */
export interface GrievanceContact {
  /** India: the nodal grievance redressal officer (RBI digital lending directions); Indonesia: the complaint desk (POJK 22/2023) */
  name: string;
  phone: string;
  email: string;
}

export interface CompanyContacts {
  /** the regulated lender: its registered name */
  name: string;
  /** its registered address */
  address: string;
  /** its registration or licence number, as the regulator issued it (India: RBI certificate of registration; Indonesia: OJK licence) */
  registration: string;
  /** customer-service telephone, as people write it; also the WhatsApp number (SUPPORT_WHATSAPP_*) */
  phone: string;
  email: string;
  grievance: GrievanceContact;
}

export const DefaultCompanyContacts: Record<Market, CompanyContacts> = {
  [Market.India]: {
    name: 'Kilat Finance Private Limited',
    address: '4th Floor, Prestige Tech Park, Outer Ring Road, Marathahalli, Bengaluru, Karnataka 560103, India',
    registration: 'RBI Certificate of Registration N-02.00345 (NBFC-ICC)',
    phone: '+91 80 4718 2200',
    email: 'support@kilat.co.in',
    grievance: { name: 'Priya Raman', phone: '+91 80 4718 2299', email: 'grievance@kilat.co.in' },
  },
  [Market.Indonesia]: {
    name: 'PT Kilat Dana Teknologi',
    address: 'Menara Kilat Lt. 12, Jl. Jend. Sudirman Kav. 52-53, Jakarta Selatan 12190, Indonesia',
    registration: 'Izin usaha OJK KEP-48/D.05/2026',
    phone: '+62 21 5091 8800',
    email: 'cs@kilat.co.id',
    grievance: { name: 'Unit Pengaduan Konsumen Kilat', phone: '+62 21 5091 8899', email: 'pengaduan@kilat.co.id' },
  },
};

/**
 * When a person answers WhatsApp (issue 49): local time, Monday to Saturday, not on public holidays.
 * Said to the borrower beside the link, so a message at night is not a message into the void.
 */
export const SupportHours: Record<Market, { from: string; to: string }> = {
  [Market.India]: { from: '09:00', to: '19:00' },
  [Market.Indonesia]: { from: '08:00', to: '20:00' },
};

/** A wa.me link to the market's support number, with the order number in the first message (issue 49). */
export const whatsAppLink = (phone: string, text: string): string => {
  const digits = phone.replace(/\D/g, '');
  return `https://wa.me/${digits}${text === '' ? '' : `?text=${encodeURIComponent(text)}`}`;
};

/** The `<meta name>` under which the server puts the deployment's contacts (JSON) into every page. */
export const CONTACTS_META_NAME = 'kilat-contacts';
