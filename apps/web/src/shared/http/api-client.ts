import { type EndpointName, Endpoints, FormClientHeaders, ResultCode } from '@kilat/contract';
import type { CallData, CallRequest } from '@kilat/contract/schemas';
import { type UseMutationOptions, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useSingleFlightMutation } from '@/shared/hooks/use-single-flight-mutation';
import { translate, type WebMessageKey } from '@/shared/i18n/messages';
import { getSessionToken } from '@/shared/query-context';
import { reportSessionFailure } from '@/shared/session';
import { toast } from '@/shared/toast';
import { ApiError, NetworkError } from './errors';
import { buildRequest, type Fields, headersFromPage, send } from './transport';

export { ApiError, NetworkError } from './errors';
export { apiUrl, setApiBase } from './transport';
export type { CallData, CallRequest };

/** A multipart upload takes a FormData; every other call takes its contract request fields. */
export type CallParams<N extends EndpointName> = (typeof Endpoints)[N]['body'] extends 'multipart' ? FormData : CallRequest<N>;

export interface CallOptions {
  /** show the loading toast during the call */
  loading?: boolean;
  /** do not toast a failure; the caller shows it (or nothing) itself */
  silent?: boolean;
  /** result codes the page shows in place (not toasted): any other failure is toasted as usual */
  quietCodes?: readonly string[];
  /** the text of a failure the server sent without a message (spec §8: 'processing failed' unless a call names its own) */
  fallbackMessage?: WebMessageKey;
}

const readEnvelope = (raw: unknown, codeField: 'code' | 'status') => {
  if (typeof raw !== 'object' || raw === null || !(codeField in raw)) throw new NetworkError('not an envelope');
  const envelope = raw as Record<string, unknown>;
  return {
    code: String(envelope[codeField]),
    message: typeof envelope.message === 'string' ? envelope.message : '',
    data: (envelope.data ?? null) as unknown,
  };
};

/**
 * The main client of spec §7: one call of the Endpoints table, its envelope turned into data
 * or an ApiError. A failure is toasted here, once, so pages never catch and toast themselves.
 */
export const callApi = async <N extends EndpointName>(name: N, params: CallParams<N>, options: CallOptions = {}): Promise<CallData<N>> => {
  const endpoint = Endpoints[name];
  const headers = endpoint.client === 'form' ? headersFromPage(FormClientHeaders) : {};
  const close = options.loading ? toast.loading(translate('loading')) : null;
  try {
    const raw = await send(buildRequest(endpoint, params as Fields | FormData, { headers }));
    const envelope = readEnvelope(raw, endpoint.codeField);
    if (envelope.code !== endpoint.success) {
      const message = envelope.message || translate(options.fallbackMessage ?? 'processingFailed');
      close?.();
      // no session: the router shows the session page in place of this one, so no toast (decision 053)
      if (envelope.code === ResultCode.Unauthenticated && endpoint.access === 'session') reportSessionFailure(getSessionToken() !== '');
      else if (!options.silent && !options.quietCodes?.includes(envelope.code)) toast.show(message);
      throw new ApiError(envelope.code, message, envelope.data, raw);
    }
    close?.();
    return envelope.data as CallData<N>;
  } catch (error) {
    close?.();
    if (error instanceof ApiError) throw error;
    if (!options.silent) toast.show(translate('networkError'));
    throw error instanceof NetworkError ? error : new NetworkError('network', undefined, { cause: error });
  }
};

export type ApiQueryOptions<N extends EndpointName> = Omit<UseQueryOptions<CallData<N>, Error>, 'queryKey' | 'queryFn'> & CallOptions;

/**
 * The key every query of one call starts with, whatever its params (`apiQueryOptions` keys each by
 * name and params): a mutation invalidates it when any of them may have changed (decision 091).
 */
export const apiQueryKey = <N extends EndpointName>(name: N) => [name] as const;

/** The query of one call, keyed by its name and params: for `useQuery`, and for the server to fetch before it renders. */
export const apiQueryOptions = <N extends EndpointName>(name: N, params: CallParams<N>, options: ApiQueryOptions<N> = {}) => {
  const { loading, silent, quietCodes, fallbackMessage, ...queryOptions } = options;
  return {
    queryKey: [name, params] as const,
    queryFn: () => callApi(name, params, { loading, silent, quietCodes, fallbackMessage }),
    ...queryOptions,
  };
};

/** TanStack `useQuery` over one call, keyed by its name and params. */
export const useApiQuery = <N extends EndpointName>(name: N, params: CallParams<N>, options: ApiQueryOptions<N> = {}) =>
  useQuery<CallData<N>, Error>(apiQueryOptions(name, params, options));

export type ApiMutationOptions<N extends EndpointName> = Omit<
  UseMutationOptions<CallData<N>, Error, CallParams<N>>,
  'mutationFn' | 'mutationKey'
> &
  CallOptions;

/** TanStack `useMutation` over one call, keyed by its name, with `isRunning()` for handlers a double tap must not repeat. */
export const useApiMutation = <N extends EndpointName>(name: N, options: ApiMutationOptions<N> = {}) => {
  const { loading, silent, quietCodes, fallbackMessage, ...mutationOptions } = options;
  return useSingleFlightMutation<CallData<N>, CallParams<N>>({
    ...mutationOptions,
    mutationKey: [name],
    mutationFn: (params) => callApi(name, params, { loading, silent, quietCodes, fallbackMessage }),
  });
};
