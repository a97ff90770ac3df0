import { CONSOLE_API_PREFIX } from '@kilat/contract/console';
import { count, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, operators } from '../db/schema.js';
import { consoleServices } from '../modules/console/module.js';
import { SETUP_TIMEOUT_MS, useTestApp } from '../test/app.js';
import { createOperator } from './create-operator.js';

const t = useTestApp({ seed: false });
let auth: ReturnType<typeof consoleServices>['auth'];

beforeAll(async () => {
  ({ auth } = consoleServices({
    db: t.database.db,
    clock: t.clock,
    config: t.config,
    complaints: t.app.complaints,
    orders: t.app.orders,
    uploads: t.app.uploads,
  }));
}, SETUP_TIMEOUT_MS);

const stored = async () => (await t.database.db.select({ n: count() }).from(operators))[0]!.n;

describe('npm run ops -- create-operator', () => {
  it('makes the first admin with an argon2id hash, prints the TOTP secret once, audits it, and the admin can sign in', async () => {
    const output = await createOperator(auth, ['--email', 'First.Admin@Example.com', '--name', 'First Admin', '--role', 'admin'], {
      KILAT_OPERATOR_PASSWORD: 'a-very-long-first-password',
    });
    const secret = /TOTP secret: ([A-Z2-7]+)/.exec(output)?.[1];
    expect(output).toContain('first.admin@example.com (admin)');
    expect(output).not.toContain('a-very-long-first-password');
    expect(secret).toBeDefined();
    const [row] = await t.database.db.select().from(operators).where(eq(operators.email, 'first.admin@example.com'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'operator.create'));
    expect(entry).toMatchObject({ operatorId: null, targetId: String(row!.id) });

    const code = await generate({ secret: secret!, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    const signIn = await t.app.inject({
      method: 'POST',
      url: `${CONSOLE_API_PREFIX}/session`,
      payload: { email: 'first.admin@example.com', password: 'a-very-long-first-password', code },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().data.permissions).toContain('operators.write');
  });

  it('generates and prints a password when none is given', async () => {
    const output = await createOperator(auth, ['--email', 'agent.two@example.com', '--name', 'Agent Two', '--role', 'agent'], {});
    expect(output).toMatch(/password: [A-Za-z0-9_-]{24}/);
  });

  it('refuses an unknown role, a bad email or a short password, and stores nothing', async () => {
    const before = await stored();
    const cases: [string[], Record<string, string>][] = [
      [['--email', 'x@example.com', '--name', 'X', '--role', 'boss'], { KILAT_OPERATOR_PASSWORD: 'long-enough-password' }],
      [['--email', 'not-an-email', '--name', 'X', '--role', 'agent'], { KILAT_OPERATOR_PASSWORD: 'long-enough-password' }],
      [['--email', 'y@example.com', '--name', 'Y', '--role', 'agent'], { KILAT_OPERATOR_PASSWORD: 'short' }],
      [['--email', 'first.admin@example.com', '--name', 'Again', '--role', 'agent'], { KILAT_OPERATOR_PASSWORD: 'long-enough-password' }],
    ];
    for (const [args, env] of cases) await expect(createOperator(auth, args, env)).rejects.toThrow();
    expect(await stored()).toBe(before);
  });
});
