/**
 * One call to a KYC provider with a deadline: JSON or multipart out, JSON back. A provider that does
 * not answer, or answers no JSON, is a GatewayError (the borrower's call fails and nothing is kept).
 * Errors name the provider, the path and the HTTP status only: never a body, which carries identity numbers.
 */
import { GatewayError } from '../../payments/gateways/gateway-http.js';
import type { IdentityOutcome } from '../ports.js';

const CALL_TIMEOUT_MS = 20_000;

export interface ProviderAnswer {
  status: number;
  body: Record<string, unknown>;
}

export const providerCall = async (
  provider: string,
  url: string,
  init: { headers?: Record<string, string>; json?: unknown; form?: FormData },
): Promise<ProviderAnswer> => {
  const path = new URL(url).pathname;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { accept: 'application/json', ...(init.json === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      body: init.form ?? JSON.stringify(init.json),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  } catch (error) {
    throw new GatewayError(provider, 0, `POST ${path} did not answer: ${(error as Error).name}`);
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body || typeof body !== 'object') throw new GatewayError(provider, response.status, `POST ${path} answered no JSON`);
  return { status: response.status, body };
};

export const refused = (provider: string, what: string, answer: ProviderAnswer) =>
  new GatewayError(provider, answer.status, `${what} refused: HTTP ${answer.status}`);

/** A provider's outcome: failed with nothing read unless `change` says otherwise. */
export const outcome = (providerRef: string, change: Partial<IdentityOutcome>): IdentityOutcome => ({
  status: 'failed',
  providerRef,
  failure: null,
  documentName: null,
  documentBirthDate: null,
  aadhaarLast4: null,
  livenessScore: null,
  ...change,
});
