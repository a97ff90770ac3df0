/** A call the server answered with a non-success code (spec §8); its message was already shown once. */
export class ApiError<T = unknown> extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: string,
    message: string,
    readonly data: T | null,
    readonly raw: unknown,
  ) {
    super(message);
  }
}

/** The call never got an answer: offline, time-out, or a body that is not an envelope. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
