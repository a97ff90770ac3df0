/** Signing in to the console and calling it, for API tests: real cookies, real CSRF tokens, TOTP codes of the test clock. */
import { randomBytes } from 'node:crypto';
import { CONSOLE_API_PREFIX, CSRF_HEADER } from '@kilat/contract/console';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { generate } from 'otplib';
import type { Db } from '../db/database.js';
import { operators } from '../db/schema.js';
import type { MovableClock } from '../lending/clock.js';
import { hashPassword, newTotpSecret, TOTP_PERIOD_SECONDS } from '../modules/console/operators/credentials.js';
import { DEMO_OPERATORS, type DemoOperator } from '../modules/console/operators/demo-operators.js';
import { CONSOLE_COOKIE } from '../modules/console/shared/api.js';

export const demoOperator = (role: DemoOperator['role']) => DEMO_OPERATORS.find((operator) => operator.role === role)!;

export const totpCode = (secret: string, clock: MovableClock) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });

export interface ConsoleSession {
  cookie: string;
  csrfToken: string;
  operatorId: number;
}

export const signInRequest = (
  app: FastifyInstance,
  body: Record<string, string>,
  host = 'localhost',
  from: { address?: string; agent?: string } = {},
) =>
  app.inject({
    method: 'POST',
    url: `${CONSOLE_API_PREFIX}/session`,
    headers: { host, ...(from.agent ? { 'user-agent': from.agent } : {}) },
    ...(from.address ? { remoteAddress: from.address } : {}),
    payload: body,
  });

/** Signs in as a demo operator (or another one by its credentials); moves the clock one TOTP step first, so that no code is a replay of the last sign-in. */
export const signIn = async (
  app: FastifyInstance,
  clock: MovableClock,
  role: DemoOperator['role'] | Pick<DemoOperator, 'email' | 'password' | 'totpSecret' | 'role'>,
): Promise<ConsoleSession> => {
  const operator = typeof role === 'string' ? demoOperator(role) : role;
  clock.advance(TOTP_PERIOD_SECONDS * 1000);
  const response = await signInRequest(app, {
    email: operator.email,
    password: operator.password,
    code: await totpCode(operator.totpSecret, clock),
  });
  if (response.statusCode !== 200) throw new Error(`sign-in as ${operator.email} answered ${response.statusCode}: ${response.body}`);
  const setCookie = String(response.headers['set-cookie']);
  const cookie = setCookie.split(';')[0]!;
  const { data } = response.json();
  return { cookie, csrfToken: data.csrfToken, operatorId: data.operator.id };
};

export interface ConsoleCall {
  session?: ConsoleSession | undefined;
  /** false leaves the CSRF header out */
  csrf?: boolean;
  body?: unknown;
  multipart?: { text?: string; templateId?: string; images?: Buffer[] };
}

const multipart = (parts: NonNullable<ConsoleCall['multipart']>) => {
  const boundary = `----kilat${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  const field = (name: string, value: string) =>
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (parts.text !== undefined) field('text', parts.text);
  if (parts.templateId !== undefined) field('templateId', parts.templateId);
  for (const [index, image] of (parts.images ?? []).entries()) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="reply-${index}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      image,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
};

export const consoleCall = (app: FastifyInstance, method: InjectOptions['method'], path: string, options: ConsoleCall = {}) => {
  const headers: Record<string, string> = { host: 'localhost' };
  if (options.session) {
    headers.cookie = options.session.cookie;
    if (options.csrf !== false) headers[CSRF_HEADER] = options.session.csrfToken;
  }
  const request: InjectOptions = { method, url: `${CONSOLE_API_PREFIX}${path}`, headers };
  if (options.multipart) {
    const body = multipart(options.multipart);
    request.payload = body.payload;
    headers['content-type'] = body.contentType;
  } else if (options.body !== undefined) {
    request.payload = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  return app.inject(request);
};

export { CONSOLE_COOKIE };

/** Another operator beside the demo ones (a second agent, say), stored as the seed stores them; its credentials to sign in with. */
export const addOperator = async (db: Db, clock: MovableClock, operator: Pick<DemoOperator, 'email' | 'name' | 'role'>) => {
  const credentials = { ...operator, password: `${operator.role}-${randomBytes(6).toString('hex')}`, totpSecret: await newTotpSecret() };
  const [row] = await db
    .insert(operators)
    .values({
      email: operator.email,
      name: operator.name,
      role: operator.role,
      passwordHash: await hashPassword(credentials.password),
      totpSecret: credentials.totpSecret,
      createdAt: clock.now(),
    })
    .returning({ id: operators.id });
  return { ...credentials, id: row!.id };
};
