/**
 * Whether a failure is a dependency that did not answer (decision 146): PostgreSQL restarting or
 * unreachable, Redis away, the object store down. Such a request is answered 503 with a message
 * that says to try again, not 500: nothing is wrong with the request or the code, and a load
 * balancer or a gateway may retry. Walks the error's causes (drizzle wraps the driver's error,
 * Node wraps a refused connection to every address in an AggregateError).
 */

/** PostgreSQL's connection exceptions (class 08) and the shutdown, crash and start-up refusals (57P01–57P03). */
const POSTGRES_UNAVAILABLE = /^(08...|57P0[123])$/;

/** A socket that could not be opened or was cut: the peer is down, not the request wrong. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** What node-postgres, ioredis and the AWS SDK say when their connection is gone (they carry no code). */
const LOST_CONNECTION = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Connection is closed\.?$/,
  /^Reached the max retries per request limit/,
  /^socket hang up$/,
];

interface Failure {
  code?: unknown;
  message?: unknown;
  name?: unknown;
  cause?: unknown;
  errors?: unknown;
}

export const isDependencyDown = (error: unknown, depth = 0): boolean => {
  if (depth > 8 || typeof error !== 'object' || error === null) return false;
  const failure = error as Failure;
  if (typeof failure.code === 'string' && (POSTGRES_UNAVAILABLE.test(failure.code) || SOCKET_CODES.has(failure.code))) return true;
  if (typeof failure.message === 'string' && LOST_CONNECTION.some((pattern) => pattern.test(failure.message as string))) return true;
  if (failure.name === 'MaxRetriesPerRequestError') return true;
  if (Array.isArray(failure.errors) && failure.errors.some((inner) => isDependencyDown(inner, depth + 1))) return true;
  return isDependencyDown(failure.cause, depth + 1);
};
