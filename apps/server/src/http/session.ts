/**
 * What a session call carries: the borrower whose session the bearer token names. The auth module
 * checks the token and decorates `authenticate`; the contract routes call it on session calls.
 */
import type { Market } from '@kilat/contract';

export interface SessionBorrower {
  id: number;
  market: Market;
  phone: string;
  name: string;
  isRepeatClient: boolean;
  deviceId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the session's borrower; set by `authenticate` on session calls, null elsewhere */
    borrower: SessionBorrower | null;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{16,256})$/i;

/** The token of an `Authorization: Bearer …` header, or null. */
export const bearerToken = (header: string | undefined): string | null => BEARER.exec(header?.trim() ?? '')?.[1] ?? null;
