/** Demo collections (issue 46): an in-house team per market with the demo agent and supervisor as collectors, once. */
import { Market } from '@kilat/contract';
import { count, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { operators } from '../../db/schema.js';
import { collectionTeams, collectors } from './tables.js';

export const seedCollectionsDemo = async (db: Db): Promise<boolean> => {
  const [existing] = await db.select({ n: count() }).from(collectionTeams);
  if ((existing?.n ?? 0) > 0) return false;
  const people = await db
    .select({ id: operators.id, role: operators.role })
    .from(operators)
    .where(inArray(operators.role, ['agent', 'supervisor']));
  if (people.length === 0) return false;
  for (const market of [Market.India, Market.Indonesia]) {
    const [team] = await db
      .insert(collectionTeams)
      .values({
        market,
        name: market === Market.India ? 'Kilat collections, Pune' : 'Kilat penagihan, Jakarta',
        kind: 'in_house',
        contact: '',
        active: true,
      })
      .returning({ id: collectionTeams.id });
    await db.insert(collectors).values(
      people.map((person) => ({
        operatorId: person.id,
        teamId: team!.id,
        market,
        stageCodes: [],
        weight: person.role === 'agent' ? 2 : 1,
        capacity: 200,
        active: true,
      })),
    );
  }
  return true;
};
