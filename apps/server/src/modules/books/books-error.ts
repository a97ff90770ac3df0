/** A refusal of the books or the statement reconciliation; the console's books room sends it in its envelope. Operators read English. */
import { ResultCode } from '@kilat/contract';
import { ConsoleCode } from '@kilat/contract/console';

export class BooksError extends Error {
  override name = 'BooksError';

  constructor(
    message: string,
    readonly code: string = ResultCode.InvalidRequest,
    readonly httpStatus = 400,
  ) {
    super(message);
  }

  static notFound = () => new BooksError('Not found.', ResultCode.NotFound, 404);
  static conflict = (message: string) => new BooksError(message, ConsoleCode.Conflict, 409);
}
