/**
 * What the real gateway adapters share (issue 16): one JSON call over HTTPS with HTTP Basic
 * auth and a deadline, the refusals a borrower sees, and a constant-time comparison of secrets.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { ResultCode } from '@kilat/contract';
import type { z } from 'zod';
import { AppError } from '../../../http/app-error.js';

/** A gateway that did not answer, or answered with an error: the borrower's call fails with 5xx and nothing is kept. */
export class GatewayError extends Error {
  override name = 'GatewayError';
  constructor(
    readonly gateway: string,
    readonly status: number,
    message: string,
  ) {
    super(`${gateway}: ${message}`);
  }
}

const CALL_TIMEOUT_MS = 15_000;

export interface GatewayCall {
  gateway: string;
  apiBase: string;
  /** user:password of HTTP Basic auth, as the gateway documents it */
  basicAuth: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  path: string;
  body?: unknown;
  /** headers the gateway wants besides auth and JSON (an idempotency key) */
  headers?: Record<string, string>;
}

/** One JSON call; answers the status and the parsed body (404 included), throws GatewayError when nothing usable came back. */
export const gatewayCall = async (call: GatewayCall): Promise<{ status: number; body: Record<string, unknown> }> => {
  const url = `${call.apiBase.replace(/\/$/, '')}${call.path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: call.method,
      headers: {
        authorization: `Basic ${Buffer.from(call.basicAuth).toString('base64')}`,
        accept: 'application/json',
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...call.headers,
      },
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  } catch (error) {
    throw new GatewayError(call.gateway, 0, `${call.method} ${call.path} did not answer: ${(error as Error).message}`);
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body || typeof body !== 'object')
    throw new GatewayError(call.gateway, response.status, `${call.method} ${call.path} answered no JSON`);
  return { status: response.status, body };
};

/** Throws a GatewayError naming the gateway's own error text unless the call succeeded. */
export const expectOk = (gateway: string, what: string, answer: { status: number; body: Record<string, unknown> }) => {
  if (answer.status >= 200 && answer.status < 300) return answer.body;
  const error = answer.body.error as { code?: string; description?: string } | undefined;
  const detail = error?.description ?? (answer.body.message as string | undefined) ?? '';
  const code = error?.code ?? (answer.body.error_code as string | undefined) ?? '?';
  throw new GatewayError(gateway, answer.status, `${what} refused: HTTP ${answer.status}, ${code}: ${detail}`);
};

/** A gateway's answer read by its documented shape; a body of another shape is the gateway's error (502), never a guess. */
export const parseGatewayBody = <T>(gateway: string, schema: z.ZodType<T>, body: unknown, what: string): T => {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new GatewayError(gateway, 502, `${what} answered a body we do not recognise`);
  return parsed.data;
};

/** One gateway's calls, as the payout adapters make them: its address and credentials once, each answer read by its documented shape. */
export class GatewayClient {
  constructor(
    private readonly gateway: string,
    private readonly apiBase: string,
    /** user:password of HTTP Basic auth, as the gateway documents it */
    private readonly basicAuth: string,
  ) {}

  call(method: 'GET' | 'POST', path: string, body?: unknown, headers?: Record<string, string>) {
    return gatewayCall({
      gateway: this.gateway,
      apiBase: this.apiBase,
      basicAuth: this.basicAuth,
      method,
      path,
      ...(body === undefined ? {} : { body }),
      ...(headers ? { headers } : {}),
    });
  }

  parse<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
    return parseGatewayBody(this.gateway, schema, body, what);
  }
}

/** Equal secrets, compared in constant time whatever their lengths (both are hashed to 32 bytes first). */
export const sameSecret = (given: string | string[] | undefined, expected: string): boolean => {
  if (typeof given !== 'string' || given.length === 0 || given.length > 1024) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
};

/** A real gateway takes cards only on its hosted checkout (decision 070): binding a card number here is refused. */
export const cardsOnCheckoutOnly = () => new AppError(ResultCode.InvalidRequest, 'cardPaymentOnCheckout', 400);
export const methodUnavailable = () => new AppError(ResultCode.InvalidRequest, 'paymentMethodUnavailable', 400);

/** The site's absolute address of a path the borrower comes back to (gateways need absolute URLs). */
export const absoluteUrl = (publicBaseUrl: string, path: string) => `${publicBaseUrl.replace(/\/$/, '')}${path}`;
