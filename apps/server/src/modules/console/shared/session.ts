/**
 * Who is calling the console: the signed-in operator as the guard finds them, the actor a change is
 * made by, and the operator as every room shows them. Every room reads these; only operators/ signs in.
 */
import { timingSafeEqual } from 'node:crypto';
import type { OperatorView } from '@kilat/contract/console';
import type { Operator } from '../../../db/schema.js';

export interface AuthenticatedOperator {
  operator: Operator;
  tokenHash: string;
  csrfToken: string;
}

/** Who makes a change, and the request it is made in: the audit row names both. */
export interface Actor {
  operator: Operator;
  requestId: string;
}

export const operatorView = (operator: Pick<Operator, 'id' | 'email' | 'name' | 'role'>): OperatorView => ({
  id: operator.id,
  email: operator.email,
  name: operator.name,
  role: operator.role,
});

/** Two secrets compared in constant time. */
export const sameToken = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};
