/**
 * The books room under /console/api (issue 47, decisions 260–262): the daily journal, the registers,
 * provisioning, TKB90 and their CSV (each export audited before its first byte); bank statement
 * uploads, the queue of credits that match nothing and their resolution; each gateway's settlements.
 */
import {
  BOOKS_EXPORT_PATH,
  BooksExportQuerySchema,
  BooksRangeQuerySchema,
  BooksRegisterQuerySchema,
  IdParamsSchema,
  ProvisioningQuerySchema,
  ProvisioningRateRequestSchema,
  SettlementLineResolveRequestSchema,
  SettlementLinesQuerySchema,
  SettlementReportUploadRequestSchema,
  StatementLinesQuerySchema,
  StatementResolveRequestSchema,
  StatementUploadRequestSchema,
  Tkb90QuerySchema,
} from '@kilat/contract/console';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/database.js';
import type { Books } from '../../books/books.js';
import { BooksError } from '../../books/books-error.js';
import type { SettlementReports } from '../../books/settlement-reports.js';
import type { Statements } from '../../books/statements.js';
import type { ConsoleRoom } from '../shared/api.js';
import type { AuditLog } from '../shared/audit.js';
import { ConsoleError } from '../shared/console-error.js';
import type { Actor } from '../shared/session.js';

/** The books' refusals in the console's envelope. */
const asConsole = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BooksError) throw new ConsoleError(error.code, error.message, error.httpStatus);
    throw error;
  }
};

/** A statement file travels as its text in JSON; a bank's month of credits fits well within this. */
const STATEMENT_BODY_LIMIT = 3 * 1024 * 1024;

/**
 * The checker's approval of a large offline repayment (the orders room's), handed in by module.ts:
 * a statement that shows its credit approves it when its uploader is not the maker (decision 263).
 */
export type ApproveOfflineRepayment = (actor: Actor, approvalId: number) => Promise<void>;

export const booksRoom =
  (deps: {
    books: Books;
    statements: Statements;
    settlementReports: SettlementReports;
    audit: AuditLog;
    auditDb: Db;
    approveOfflineRepayment: ApproveOfflineRepayment;
  }): ConsoleRoom =>
  (scope, { guard, actor, doc, ok }) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    const { books, statements, settlementReports } = deps;
    routes.get(
      '/books/journal',
      {
        schema: {
          ...doc('The daily double-entry journal of a market over a range of business dates, with the receivable tied to the replay'),
          querystring: BooksRangeQuerySchema,
        },
        onRequest: guard('books.read'),
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok((await asConsole(() => books.journal(request.query))).view);
      },
    );
    routes.get(
      '/books/register',
      {
        schema: {
          ...doc('The disbursement or collection register of a market over a range of business dates'),
          querystring: BooksRegisterQuerySchema,
        },
        onRequest: guard('books.read'),
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(await asConsole(() => books.register(request.query)));
      },
    );
    routes.get(
      '/books/provisioning',
      {
        schema: {
          ...doc("What is owed by days-past-due bucket and the provision at the market's rates"),
          querystring: ProvisioningQuerySchema,
        },
        onRequest: guard('books.read'),
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(await books.provisioning(request.query));
      },
    );
    routes.put(
      '/books/provisioning',
      {
        schema: { ...doc("Change one bucket's provisioning rate, with a reason; audited"), body: ProvisioningRateRequestSchema },
        onRequest: guard('books.configure'),
      },
      async (request) => {
        const who = actor(request);
        return ok(await books.changeRate({ operatorId: who.operator.id, requestId: who.requestId }, request.body));
      },
    );
    routes.get(
      '/books/tkb90',
      {
        schema: { ...doc("Indonesia's TKB90 at each of the last months' ends (OJK)"), querystring: Tkb90QuerySchema },
        onRequest: guard('books.read'),
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(await books.tkb90(request.query.months));
      },
    );
    routes.get(
      BOOKS_EXPORT_PATH,
      {
        schema: { ...doc('One report of the books as CSV, money in major units; audited'), querystring: BooksExportQuerySchema },
        onRequest: guard('books.read'),
      },
      async (request, reply) => {
        const query = request.query;
        const file = await asConsole(() => books.csv(query));
        // who took which report out of the console, kept as any other console action
        await deps.audit.append(deps.auditDb, {
          operatorId: actor(request).operator.id,
          action: 'books.export',
          targetType: 'books',
          targetId: query.report,
          after: { market: query.market, from: query.from ?? null, to: query.to ?? null, asOf: query.asOf ?? null },
          requestId: String(request.id),
        });
        const name = `kilat-${query.report}-${query.market}-${query.from ?? query.asOf ?? 'latest'}${query.to ? `-${query.to}` : ''}.csv`;
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'no-store')
          .send(file);
      },
    );
    routes.post(
      '/books/statements',
      {
        schema: {
          ...doc("Upload a bank statement (the bank's CSV export); its credits are matched or queued; audited"),
          body: StatementUploadRequestSchema,
        },
        bodyLimit: STATEMENT_BODY_LIMIT,
        onRequest: guard('books.reconcile'),
      },
      async (request) => {
        const who = actor(request);
        const view = await asConsole(() => statements.upload({ operatorId: who.operator.id, requestId: who.requestId }, request.body));
        let approved = 0;
        for (const approvalId of view.waitingApprovals) {
          // the maker's own upload, or a request decided meanwhile, stays as it is: the checker's refusal is not this upload's
          const done = await deps.approveOfflineRepayment(who, approvalId).then(
            () => true,
            (error: unknown) => {
              if (error instanceof ConsoleError) return false;
              throw error;
            },
          );
          if (done) approved += 1;
        }
        return ok({ ...view, approved });
      },
    );
    routes.get(
      '/books/statement-lines',
      {
        schema: { ...doc("A market's statement credits: the unmatched queue by default"), querystring: StatementLinesQuerySchema },
        onRequest: guard('books.read'),
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(await statements.lines(request.query));
      },
    );
    routes.post(
      '/books/statement-lines/:id/resolve',
      {
        schema: {
          ...doc('Resolve a credit that matches nothing, with a note; audited'),
          params: IdParamsSchema,
          body: StatementResolveRequestSchema,
        },
        onRequest: guard('books.reconcile'),
      },
      async (request) => {
        const who = actor(request);
        return ok(
          await asConsole(() =>
            statements.resolve({ operatorId: who.operator.id, requestId: who.requestId }, request.params.id, request.body.note),
          ),
        );
      },
    );
    routes.get(
      '/books/settlements',
      {
        schema: {
          ...doc("Each gateway's daily payments in the ledger against its settlement on the bank statement"),
          querystring: BooksRangeQuerySchema,
        },
        onRequest: guard('books.read'),
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(await asConsole(async () => statements.settlements(books.range(request.query))));
      },
    );
    // each gateway's settlement report against the ledger's payments (decision 276)
    routes.post(
      '/books/settlement-reports',
      {
        schema: {
          ...doc(
            "Upload a gateway's settlement report (Razorpay recon, Xendit transactions); its payments are matched to the ledger's or queued; audited",
          ),
          body: SettlementReportUploadRequestSchema,
        },
        bodyLimit: STATEMENT_BODY_LIMIT,
        onRequest: guard('books.reconcile'),
      },
      async (request) => {
        const who = actor(request);
        return ok(await asConsole(() => settlementReports.upload({ operatorId: who.operator.id, requestId: who.requestId }, request.body)));
      },
    );
    routes.get(
      '/books/settlement-lines',
      {
        schema: {
          ...doc("A market's gateway settlement lines against the ledger: the differences not yet resolved by default"),
          querystring: SettlementLinesQuerySchema,
        },
        onRequest: guard('books.read'),
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(await settlementReports.lines(request.query));
      },
    );
    routes.post(
      '/books/settlement-lines/:id/resolve',
      {
        schema: {
          ...doc("Resolve a difference between a gateway's settlement and the ledger, with a note; audited"),
          params: IdParamsSchema,
          body: SettlementLineResolveRequestSchema,
        },
        onRequest: guard('books.reconcile'),
      },
      async (request) => {
        const who = actor(request);
        return ok(
          await asConsole(() =>
            settlementReports.resolve({ operatorId: who.operator.id, requestId: who.requestId }, request.params.id, request.body.note),
          ),
        );
      },
    );
  };
