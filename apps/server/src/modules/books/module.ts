/**
 * The books module (issue 47, decisions 260–262): the books and the statement reconciliation the
 * console's books room serves, and Indonesia's TKB90 as the official site publishes it.
 */
import { Market, OFFICIAL_SITE_TKB90_PATH, type PublishedTkb90 } from '@kilat/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Books } from './books.js';
import { SettlementReports } from './settlement-reports.js';
import { Statements } from './statements.js';

declare module 'fastify' {
  interface FastifyInstance {
    books: { books: Books; statements: Statements; settlementReports: SettlementReports };
  }
}

/** A month's TKB90 changes only when a month ends or a late row lands: each instance works it out at most this often. */
const PUBLISHED_FOR_MS = 10 * 60 * 1000;

const booksModule = async (app: FastifyInstance) => {
  const { database, clock, config } = app;
  const books = new Books(database.db, clock);
  app.decorate('books', {
    books,
    statements: new Statements(database.db, clock, config.console.collectionAccounts),
    settlementReports: new SettlementReports(database.db, clock),
  });

  let published: { at: number; value: PublishedTkb90 } | null = null;
  app.get(
    OFFICIAL_SITE_TKB90_PATH,
    { schema: { summary: "Indonesia's TKB90 at the last month's end, as the official site publishes it (OJK)", tags: ['site'] } },
    async (request, reply) => {
      const market = (request.query as { market?: string }).market ?? Market.Indonesia;
      if (market !== Market.Indonesia)
        return reply.code(404).send({ code: '40400', message: 'TKB90 is published for Indonesia only.', data: null });
      const now = clock.now().getTime();
      if (!published || now - published.at > PUBLISHED_FOR_MS) {
        const [last] = await books.tkb90(1);
        published = { at: now, value: { month: last!.month, asOf: last!.asOf, tkb90Bps: last!.tkb90Bps } };
      }
      reply.header('cache-control', 'public, max-age=600');
      return { code: '00', message: 'success', data: published.value };
    },
  );
};

export default fp(booksModule, { name: 'books' });
