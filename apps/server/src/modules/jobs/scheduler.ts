/**
 * Time-driven work (DESIGN §1, decision 022): jobs scheduled in PostgreSQL itself. Each job has
 * one row in `job_schedule`; an instance runs a due job only after claiming it with one
 * conditional UPDATE (a lease), so several instances on one database run each job once, and a
 * runner that dies mid-run loses its lease when it expires. The work of every job is idempotent
 * on its own keys (ledger rows, SMS dedupe keys), so a job run twice after a lost lease changes
 * nothing the first run did. Times come from the injectable clock: tests and
 * `npm run ops -- run-jobs --until` move it.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { jobSchedule } from '../../db/schema.js';
import type { Clock } from '../../lending/clock.js';

export interface JobContext {
  now: Date;
}

export interface Job {
  name: string;
  /** how often the job is due; each run's own work decides what is left to do */
  everyMs: number;
  run(context: JobContext): Promise<Record<string, unknown>>;
}

export interface JobRun {
  name: string;
  result: Record<string, unknown>;
}

export interface SchedulerLog {
  error(object: object, message: string): void;
  info(object: object, message: string): void;
}

/** A claimed job may run this long before another instance may take it over. */
const LEASE_MS = 10 * 60_000;

export class JobScheduler {
  readonly instanceId = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<JobRun[]> | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly jobs: readonly Job[],
    private readonly log: SchedulerLog,
  ) {}

  /** Every job gets its row, due at once; an existing row keeps its schedule. */
  async register(): Promise<void> {
    const now = this.clock.now();
    for (const job of this.jobs) {
      await this.db.execute(sql`INSERT INTO job_schedule (name, next_run_at) VALUES (${job.name}, ${now}) ON CONFLICT (name) DO NOTHING`);
    }
  }

  /** Runs every job that is due now and that this instance wins the claim of. */
  runDue(): Promise<JobRun[]> {
    // one tick at a time in this process; other instances are kept off by the claim
    this.ticking ??= this.tick().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  /** Runs one job now, due or not (ops and tests), under the same claim. */
  async runNow(name: string): Promise<JobRun | null> {
    const job = this.jobs.find((candidate) => candidate.name === name);
    if (!job) throw new Error(`no job named ${name}`);
    return this.claimAndRun(job, true);
  }

  start(intervalMs: number): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.runDue().catch((error: unknown) => this.log.error({ err: error }, 'job tick failed'));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking?.catch(() => undefined);
  }

  private async tick(): Promise<JobRun[]> {
    const runs: JobRun[] = [];
    for (const job of this.jobs) {
      try {
        const run = await this.claimAndRun(job, false);
        if (run) runs.push(run);
      } catch {
        // logged by claimAndRun; the other jobs still run
      }
    }
    return runs;
  }

  private async claimAndRun(job: Job, evenIfNotDue: boolean): Promise<JobRun | null> {
    const now = this.clock.now();
    const leaseEnd = new Date(now.getTime() + LEASE_MS);
    const claimed = await this.db
      .update(jobSchedule)
      .set({ lockedUntil: leaseEnd, lockedBy: this.instanceId })
      .where(
        and(
          eq(jobSchedule.name, job.name),
          evenIfNotDue ? undefined : lte(jobSchedule.nextRunAt, now),
          or(isNull(jobSchedule.lockedUntil), lte(jobSchedule.lockedUntil, now)),
        ),
      )
      .returning({ name: jobSchedule.name });
    if (claimed.length === 0) return null;
    try {
      const result = await job.run({ now });
      await this.db.execute(sql`
        UPDATE job_schedule
        SET next_run_at = ${new Date(now.getTime() + job.everyMs)}, locked_until = NULL, locked_by = NULL,
            last_run_at = ${now}, last_result = ${JSON.stringify(result)}::jsonb
        WHERE name = ${job.name} AND locked_by = ${this.instanceId}`);
      return { name: job.name, result };
    } catch (error) {
      this.log.error({ err: error, job: job.name }, 'job failed; it runs again when due');
      // due again at once for the next tick: a failed run has no lease to wait for
      await this.db.execute(sql`
        UPDATE job_schedule SET locked_until = NULL, locked_by = NULL, last_result = ${JSON.stringify({ error: String(error) })}::jsonb
        WHERE name = ${job.name} AND locked_by = ${this.instanceId}`);
      throw error;
    }
  }
}
