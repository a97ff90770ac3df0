import { useContent } from '@/shared/i18n';
import type { ComplaintTexts } from './en-IN';

const loaders = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};

/** The complaint pages' own labels in the active language. */
export const useComplaintTexts = (): ComplaintTexts => useContent<ComplaintTexts>(loaders);
