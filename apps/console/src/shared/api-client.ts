/** The console's one http client: JSON or multipart in, the envelope's data out, a typed error otherwise; changes carry the CSRF token. */
import { CONSOLE_API_PREFIX, type ConsoleEnvelope, CSRF_HEADER } from '@kilat/contract/console/browser';

export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

let csrfToken = '';
let onSignedOut: () => void = () => {};

export const setCsrfToken = (token: string) => {
  csrfToken = token;
};

/** Called when the server says the session is gone (expired, idle, signed out elsewhere). */
export const whenSignedOut = (handler: () => void) => {
  onSignedOut = handler;
};

export const api = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> => {
  const headers: Record<string, string> = {};
  if (method !== 'GET') headers[CSRF_HEADER] = csrfToken;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(`${CONSOLE_API_PREFIX}${path}`, { method, headers, body: payload ?? null, credentials: 'same-origin' });
  const envelope = (await response.json().catch(() => null)) as ConsoleEnvelope<T> | null;
  if (!response.ok || !envelope || envelope.code !== '00') {
    if (response.status === 401 && path !== '/session') onSignedOut();
    throw new ApiError(
      envelope?.code ?? String(response.status),
      envelope?.message ?? `The server answered ${response.status}.`,
      response.status,
    );
  }
  return envelope.data as T;
};

/** A query string of the defined, non-empty values. */
export const queryOf = (values: Record<string, string | number | undefined>) => {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== undefined && value !== '') query.set(name, String(value));
  const text = query.toString();
  return text ? `?${text}` : '';
};
