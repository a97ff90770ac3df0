/** A failure the borrower is told about: a result code, a message key of the contract's texts, an HTTP status. */
import { type MessageKey, ResultCode } from '@kilat/contract';

export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly code: ResultCode,
    readonly messageKey: MessageKey,
    readonly httpStatus: number,
    readonly values?: Record<string, string | number>,
    /** the form field the failure is about, sent as the envelope's `data.field` so the page marks that field (issue 48) */
    readonly field?: string,
  ) {
    super(messageKey);
  }

  static invalid = (fields: string) => new AppError(ResultCode.InvalidRequest, 'invalidRequest', 400, { fields });
  static unauthenticated = () => new AppError(ResultCode.Unauthenticated, 'unauthenticated', 401);
  static forbidden = () => new AppError(ResultCode.Forbidden, 'forbidden', 403);
  static notFound = () => new AppError(ResultCode.NotFound, 'notFound', 404);
  static rateLimited = (messageKey: MessageKey = 'rateLimited') => new AppError(ResultCode.RateLimited, messageKey, 429);
  static notImplemented = () => new AppError(ResultCode.NotImplemented, 'notImplemented', 501);
}
