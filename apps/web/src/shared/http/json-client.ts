import { type EndpointName, Endpoints, JsonClientHeaders } from '@kilat/contract';
import { buildRequest, type Fields, headersFromPage, send } from './transport';

/**
 * The JSON client of spec §7: a JSON body, `spits` and `beech` headers from same-named
 * page-address parameters (empty when absent), 60 000 ms time-out; answers the body as is.
 */
export const postJson = <T = unknown>(name: EndpointName, body: Fields): Promise<T> =>
  send(
    buildRequest({ method: 'POST', path: Endpoints[name].path }, body, {
      contentType: 'json',
      headers: headersFromPage(JsonClientHeaders),
    }),
  ) as Promise<T>;
