import { AppError } from '../../http/app-error.js';
import type { SessionBorrower } from '../auth/session-service.js';

/** Session calls always carry a borrower (the route authenticates first); this says so to the type checker. */
export const sessionBorrower = (borrower: SessionBorrower | null): SessionBorrower => {
  if (!borrower) throw AppError.unauthenticated();
  return borrower;
};
