/**
 * `npm run ops -- create-operator --email … --name … --role admin`: makes an operator (the first
 * admin, typically) with the password from KILAT_OPERATOR_PASSWORD or a generated one, and prints
 * the TOTP secret once, for an authenticator app.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { CreateOperatorRequestSchema, OperatorPasswordSchema, operatorPasswordProblem } from '@kilat/contract/console';
import type { OperatorAuth } from '../modules/console/operators/operator-auth.js';
import { UsageError } from './reply-complaint.js';

export const CREATE_OPERATOR_USAGE = 'create-operator --email a@b.c --name "…" --role agent|supervisor|risk|admin';

export const createOperator = async (
  auth: OperatorAuth,
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> => {
  let values: { email?: string; name?: string; role?: string };
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const generated = !env.KILAT_OPERATOR_PASSWORD;
  const password = env.KILAT_OPERATOR_PASSWORD ?? randomBytes(18).toString('base64url');
  const parsed = CreateOperatorRequestSchema.extend({ password: OperatorPasswordSchema }).safeParse({ ...values, password });
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new UsageError(`Usage: npm run ops -- ${CREATE_OPERATOR_USAGE} (invalid: ${fields}; a password needs 12 characters or more)`);
  }
  // the rule an enrolment link holds a password to (decision 278)
  const problem = operatorPasswordProblem(password, parsed.data.email);
  if (problem) throw new UsageError(`KILAT_OPERATOR_PASSWORD will not do: ${problem}`);
  const created = await auth.createOperator(parsed.data, null, `ops-cli-${randomBytes(4).toString('hex')}`);
  return [
    `operator ${created.id} created: ${created.email} (${created.role})`,
    ...(generated ? [`password: ${password}`] : []),
    `TOTP secret: ${created.totpSecret}`,
    `authenticator URI: ${created.otpauthUri}`,
  ].join('\n');
};
