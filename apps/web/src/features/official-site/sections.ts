import { Paths } from '@/shared/paths';

/** The official site's sections in navigation order (spec §2): each one has its own address. */
export const officialSections = [
  { id: 'home', path: Paths.officialHome },
  { id: 'about', path: Paths.officialSections.About },
  { id: 'user', path: Paths.officialSections.User },
  { id: 'policy', path: Paths.officialSections.Policy },
  { id: 'loan', path: Paths.officialSections.Loan },
  { id: 'contact', path: Paths.officialSections.Contact },
] as const;

export type OfficialSectionId = (typeof officialSections)[number]['id'];

/** The section an address shows; any address the site does not know shows Home. */
export const sectionForPath = (path: string): OfficialSectionId => {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return officialSections.find((section) => section.path === trimmed)?.id ?? 'home';
};

export interface ContactFormFields {
  company: string;
  subject: string;
  message: string;
}

/** Company, Subject and Message are all required; blanks do not count (spec §5). */
export const isContactFormComplete = (fields: ContactFormFields): boolean =>
  [fields.company, fields.subject, fields.message].every((value) => value.trim() !== '');

/** The slide after `index`, wrapping from the last back to the first (spec §2 infinite carousel). */
export const nextSlide = (index: number, count: number): number => (count > 0 ? (index + 1) % count : 0);
