/**
 * The console's one http client, as the web's `callApi` is: one call of the contract's
 * `ConsoleEndpoints` table, its request and answer typed by `ConsoleCalls`; JSON or multipart
 * in, the envelope's data out, a typed error otherwise; changes carry the CSRF token.
 */
import {
  CONSOLE_API_PREFIX,
  type ConsoleCallName,
  type ConsoleData,
  type ConsoleEndpoint,
  ConsoleEndpoints,
  type ConsoleEnvelope,
  type ConsoleRequest,
  CSRF_HEADER,
} from '@kilat/contract/console/browser';
import { queryOptions, type UseQueryOptions } from '@tanstack/react-query';

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

/** A query string of the defined, non-empty values. */
const queryOf = (values: object) => {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== undefined && value !== '') query.set(name, String(value));
  const text = query.toString();
  return text ? `?${text}` : '';
};

/** What the page hands the client: the contract's request, a multipart body as the browser's FormData. */
export type CallParams<N extends ConsoleCallName> = {
  [K in keyof ConsoleRequest<N>]: K extends 'body'
    ? ConsoleRequest<N>[K] extends { multipart: true }
      ? FormData
      : ConsoleRequest<N>[K]
    : ConsoleRequest<N>[K];
};

type Request = { id?: number; query?: object; body?: unknown };

export const callApi = async <N extends ConsoleCallName>(name: N, params: CallParams<N>): Promise<ConsoleData<N>> => {
  const endpoint: ConsoleEndpoint = ConsoleEndpoints[name];
  const { id, query, body } = params as Request;
  const path = endpoint.path.replace(':id', String(id)) + (query ? queryOf(query) : '');
  const headers: Record<string, string> = {};
  if (endpoint.method !== 'GET') headers[CSRF_HEADER] = csrfToken;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(`${CONSOLE_API_PREFIX}${path}`, {
    method: endpoint.method,
    headers,
    body: payload ?? null,
    credentials: 'same-origin',
  });
  const envelope = (await response.json().catch(() => null)) as ConsoleEnvelope<ConsoleData<N>> | null;
  if (!response.ok || !envelope || envelope.code !== '00') {
    if (response.status === 401 && endpoint.path !== ConsoleEndpoints.session.path) onSignedOut();
    throw new ApiError(
      envelope?.code ?? String(response.status),
      envelope?.message ?? `The server answered ${response.status}.`,
      response.status,
    );
  }
  return envelope.data as ConsoleData<N>;
};

/** The key every query of one call starts with, whatever its params: what a change invalidates, as the web's `apiQueryKey`. */
export const apiQueryKey = <N extends ConsoleCallName>(name: N) => [name] as const;

/** The query of one call, keyed by its name and params, for `useQuery`. */
export const apiQueryOptions = <N extends ConsoleCallName>(
  name: N,
  params: CallParams<N>,
  options: Omit<UseQueryOptions<ConsoleData<N>, Error>, 'queryKey' | 'queryFn'> = {},
) => queryOptions({ queryKey: [...apiQueryKey(name), params] as const, queryFn: () => callApi(name, params), ...options });
