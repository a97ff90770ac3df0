/** A refusal of the console API: operators read English, so the message is the text itself, not a borrower's language-pack key. */

import { ResultCode } from '@kilat/contract';
import { ConsoleCode } from '@kilat/contract/console';

export class ConsoleError extends Error {
  override name = 'ConsoleError';

  constructor(
    readonly code: string,
    message: string,
    readonly httpStatus: number,
  ) {
    super(message);
  }

  static invalid = (what: string) => new ConsoleError(ResultCode.InvalidRequest, `Invalid request: ${what}`, 400);
  static unauthenticated = () => new ConsoleError(ResultCode.Unauthenticated, 'Sign in to continue.', 401);
  static csrf = () => new ConsoleError(ConsoleCode.CsrfRefused, 'The request lacks this session’s CSRF token.', 403);
  static role = () => new ConsoleError(ConsoleCode.RoleRefused, 'Your role does not allow this.', 403);
  static notFound = () => new ConsoleError(ResultCode.NotFound, 'Not found.', 404);
  static conflict = (message: string) => new ConsoleError(ConsoleCode.Conflict, message, 409);
}
