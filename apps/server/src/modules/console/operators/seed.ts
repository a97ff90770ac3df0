/** Demo operators (one per role) and reply templates, added beside the demo borrowers when the database has no operators. */
import { count } from 'drizzle-orm';
import type { Db } from '../../../db/database.js';
import { operators, replyTemplates } from '../../../db/schema.js';
import type { Clock } from '../../../lending/clock.js';
import { hashPassword } from './credentials.js';
import { DEMO_OPERATORS, DEMO_TEMPLATES } from './demo-operators.js';

export const seedConsoleDemo = async (db: Db, clock: Clock): Promise<boolean> => {
  const [existing] = await db.select({ n: count() }).from(operators);
  if ((existing?.n ?? 0) > 0) return false;
  const hashes = await Promise.all(DEMO_OPERATORS.map((operator) => hashPassword(operator.password)));
  const now = clock.now();
  await db.transaction(async (tx) => {
    await tx.insert(operators).values(
      DEMO_OPERATORS.map((operator, index) => ({
        email: operator.email,
        name: operator.name,
        role: operator.role,
        passwordHash: hashes[index]!,
        totpSecret: operator.totpSecret,
        createdAt: now,
      })),
    );
    await tx.insert(replyTemplates).values(DEMO_TEMPLATES.map((template) => ({ ...template, createdAt: now })));
  });
  return true;
};

/** What `npm start` prints outside production: how to sign in as each demo operator. */
export const demoOperatorLines = (origin: string) => [
  `Operators' console: ${origin}/console/ — demo operators (email / password / TOTP secret for an authenticator app):`,
  ...DEMO_OPERATORS.map((operator) => `  ${operator.role.padEnd(10)} ${operator.email} / ${operator.password} / ${operator.totpSecret}`),
];
