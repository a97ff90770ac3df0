/**
 * The list of the server's jobs, in one place (issue 12): app.ts builds its JobScheduler from it.
 * Each job is idempotent on its own keys, so a run repeated after a lost lease changes nothing.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lending/clock.js';
import { COLLECTIONS_JOB } from '../collections/daily-run.js';
import type { Collections } from '../collections/module.js';
import { COMPLAINT_DEADLINES_JOB, ComplaintDeadlines, type EscalationNotice } from '../complaints/deadlines.js';
import { DASHBOARD_SUMMARY_JOB, summariseDashboard } from '../dashboard/summary.js';
import { PENALTY_ACCRUAL_JOB, runPenaltyAccrual } from '../loans/penalty-accrual.js';
import type { OrdersService } from '../orders/service.js';
import { AutopayDebits, autopayDebitsJob } from '../payments/mandates/debits.js';
import type { MandatesService } from '../payments/mandates/service.js';
import { PaymentReconciliation, RECONCILIATION_JOB } from '../payments/reconciliation.js';
import type { PaymentsService } from '../payments/service.js';
import type { PayoutGateways } from '../payouts/gateways.js';
import { PAYOUT_RECONCILIATION_JOB, PayoutReconciliation } from '../payouts/reconciliation.js';
import { PAYOUT_JOB, type PayoutsService } from '../payouts/service.js';
import type { SmsOutbox } from '../sms/outbox.js';
import { cleanUpJob } from './clean-up.js';
import { DueReminders, dueRemindersJob } from './due-reminders.js';
import { type IdentityImageStore, identityRetentionJob } from './identity-retention.js';
import type { Job } from './scheduler.js';

export const SMS_OUTBOX_JOB = 'sms-outbox';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

/** How often the scheduler looks for due jobs when it runs on its own (config.jobsEnabled). */
export const JOB_TICK_MS = 5 * SECOND;

export interface JobDeps {
  db: Db;
  clock: Clock;
  orders: OrdersService;
  payments: PaymentsService;
  /** India's AutoPay mandates (issue 51 item 2): their pre-debit notices and debits */
  mandates: MandatesService;
  payouts: PayoutsService;
  payoutGateways: PayoutGateways;
  outbox: SmsOutbox;
  log: FastifyBaseLogger;
  /** where identity images are deleted from once their retention passed (decision 171) */
  identityImages: IdentityImageStore;
  /** the daily classification and allocation of overdue loans (issue 46) */
  collections: Pick<Collections, 'daily'>;
  /** whom a complaint near its regulator deadline is told of (decision 216) */
  escalation?: EscalationNotice;
}

export const buildJobs = (deps: JobDeps): Job[] => [
  // every overdue day's penalty, caught up after downtime; a day already posted is never posted again
  {
    name: PENALTY_ACCRUAL_JOB,
    everyMs: 15 * MINUTE,
    run: async () => ({ ...(await runPenaltyAccrual(deps.db, deps.clock)) }),
  },
  // approved loans' payouts (decision 135): sent after the approval committed, retried with their key, looked up after a crash
  { name: PAYOUT_JOB, everyMs: 15 * SECOND, run: async ({ now }) => ({ ...(await deps.payouts.run(now)) }) },
  // once a day: each market's previous business day of disbursements and reversals against its gateway's statement (decision 140)
  {
    name: PAYOUT_RECONCILIATION_JOB,
    everyMs: DAY,
    run: ({ now }) => new PayoutReconciliation({ db: deps.db, gateways: deps.payoutGateways }).run(now),
  },
  // card payments left without their webhook are asked of the gateway and settled or failed
  {
    name: RECONCILIATION_JOB,
    everyMs: MINUTE,
    run: ({ now }) => new PaymentReconciliation(deps.db, deps.payments, deps.log).run(now),
  },
  // India's AutoPay (issue 51 item 2, decision 243): the day-before notices, then each due date's debits through the mandate
  autopayDebitsJob(
    new AutopayDebits({
      db: deps.db,
      clock: deps.clock,
      orders: deps.orders,
      payments: deps.payments,
      mandates: deps.mandates,
      outbox: deps.outbox,
      log: deps.log,
    }),
    15 * MINUTE,
  ),
  dueRemindersJob(new DueReminders({ db: deps.db, clock: deps.clock, orders: deps.orders, outbox: deps.outbox }), 30 * MINUTE),
  cleanUpJob(deps.db, 60 * MINUTE),
  // overdue loans classified, cases opened and closed, promises decided, new cases allocated (issue 46); idempotent, so
  // running it four times a day keeps the queues fresh while the classification history keeps one row a change
  { name: COLLECTIONS_JOB, everyMs: 6 * 60 * MINUTE, run: async ({ now }) => ({ ...(await deps.collections.daily.run(now)) }) },
  // identity numbers, references and images five years after the relationship ended (decisions 153, 171)
  identityRetentionJob(deps.db, deps.identityImages, DAY),
  // the console dashboard's closed days and open book (decision 166): what a dashboard call would otherwise read whole
  {
    name: DASHBOARD_SUMMARY_JOB,
    everyMs: 15 * MINUTE,
    run: async () => ({ ...(await summariseDashboard(deps.db, deps.clock)) }),
  },
  // each complaint's regulator deadline (issue 49, decision 221), and the desk warned before it passes
  {
    name: COMPLAINT_DEADLINES_JOB,
    everyMs: 15 * MINUTE,
    run: ({ now }) => new ComplaintDeadlines(deps.db, deps.clock, deps.escalation).run(now),
  },
  // last: a run of every job (run-jobs) delivers the reminders it just wrote
  // and anything the after-response drain missed (another instance's rows, a crash, a held reminder)
  { name: SMS_OUTBOX_JOB, everyMs: 5 * SECOND, run: async () => ({ ...(await deps.outbox.drain()) }) },
];
