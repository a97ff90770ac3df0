/**
 * Who lends and whom to complain to (issue 49, decision 220): self-contained blocks the agreement,
 * the key fact statement and the closure letter each put in, so a borrower's document always names
 * the regulated lender and its grievance contact from the one configuration (config.ts).
 */
import { type CompanyContacts, Locale, localeOf, type Market } from '@kilat/contract';
import { escapeHtml } from '../../http/html.js';
import { textIn } from '../../http/language.js';

export interface LenderBlockTexts {
  lenderHeading: string;
  lenderName: string;
  registeredAddress: string;
  registration: string;
  grievanceHeading: string;
  grievanceOfficer: string;
  grievancePhone: string;
  grievanceEmail: string;
}

export const lenderBlockTexts: Record<Locale, LenderBlockTexts> = {
  [Locale.India]: {
    lenderHeading: 'The lender',
    lenderName: 'Lender (regulated entity)',
    registeredAddress: 'Registered address',
    registration: 'Registration',
    grievanceHeading: 'Grievance redressal',
    grievanceOfficer: 'Nodal grievance redressal officer',
    grievancePhone: 'Phone',
    grievanceEmail: 'E-mail',
  },
  [Locale.Indonesia]: {
    lenderHeading: 'Pemberi pinjaman',
    lenderName: 'Pemberi pinjaman (lembaga berizin)',
    registeredAddress: 'Alamat terdaftar',
    registration: 'Izin',
    grievanceHeading: 'Layanan pengaduan',
    grievanceOfficer: 'Unit pengaduan',
    grievancePhone: 'Telepon',
    grievanceEmail: 'E-mail',
  },
};

const row = (label: string, value: string) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`;

/** The lender's name, registered address and registration or licence number, as a table under its heading. */
export const lenderBlock = (lender: CompanyContacts, market: Market): string => {
  const x = lenderBlockTexts[localeOf(market)];
  return `<section aria-label="${escapeHtml(x.lenderHeading)}"><h2>${escapeHtml(x.lenderHeading)}</h2><table>${row(x.lenderName, lender.name)}${row(
    x.registeredAddress,
    lender.address,
  )}${row(x.registration, lender.registration)}</table></section>`;
};

/** The grievance contact (India's nodal officer; Indonesia's complaint desk) and where to go next, under its heading. */
export const grievanceBlock = (lender: CompanyContacts, market: Market): string => {
  const x = lenderBlockTexts[localeOf(market)];
  return `<section aria-label="${escapeHtml(x.grievanceHeading)}"><h2>${escapeHtml(x.grievanceHeading)}</h2><table>${row(
    x.grievanceOfficer,
    lender.grievance.name,
  )}${row(x.grievancePhone, lender.grievance.phone)}${row(x.grievanceEmail, lender.grievance.email)}</table><p>${escapeHtml(
    textIn(localeOf(market), 'grievanceEscalation'),
  )}</p></section>`;
};
