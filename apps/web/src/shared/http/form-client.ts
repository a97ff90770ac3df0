import { type EndpointName, Endpoints, FormClientHeaders } from '@kilat/contract';
import { buildRequest, type Fields, headersFromPage, send } from './transport';

/**
 * The form client of spec §7: url-encoded fields, `swift` and `eyes` headers from same-named
 * page-address parameters, 60 000 ms time-out; answers the raw envelope, not unwrapped.
 */
export const postForm = <T = unknown>(name: EndpointName, fields: Fields): Promise<T> =>
  send(buildRequest({ method: 'POST', path: Endpoints[name].path }, fields, { headers: headersFromPage(FormClientHeaders) })) as Promise<T>;
