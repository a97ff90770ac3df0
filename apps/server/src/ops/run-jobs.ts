/**
 * `npm run ops -- run-jobs --until 2027-01-31`: runs every job once for each day from today to a
 * date, on a clock that moves a day at a time (issue 12) — penalties accrue, reminders leave,
 * clean-up and reconciliation run, as if the server had run until then. For demos and checks;
 * the data afterwards is dated by that clock.
 */
import { Market } from '@kilat/contract';
import type { FastifyInstance } from 'fastify';
import { addDays, type BusinessDate, daysBetween } from '../lending/business-date.js';
import type { MovableClock } from '../lending/clock.js';

export const RUN_JOBS_USAGE = 'run-jobs --until YYYY-MM-DD';

/** 06:00 UTC: 11:30 in India, 13:00 in Jakarta — inside both markets' sending hours. */
const RUN_AT_UTC = 'T06:00:00Z';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const parseUntil = (args: readonly string[]): BusinessDate | null => {
  const index = args.indexOf('--until');
  const value = index >= 0 ? args[index + 1] : undefined;
  return value && ISO_DATE.test(value) ? value : null;
};

export const runJobsUntil = async (
  app: FastifyInstance,
  clock: MovableClock,
  until: BusinessDate,
  print: (line: string) => void,
): Promise<number> => {
  // today as the markets count it (India, west of Jakarta, is the earlier): in the evening UTC both
  // are already on the next date, and a clock set back to the UTC date would run a past day again
  const started = clock.now();
  const today = [clock.today(Market.India), clock.today(Market.Indonesia)].sort()[0]!;
  const days = daysBetween(today, until);
  if (days < 0) {
    print(`--until ${until} is before today (${today})`);
    return 1;
  }
  for (let offset = 0; offset <= days; offset += 1) {
    const day = addDays(today, offset);
    const at = new Date(`${day}${RUN_AT_UTC}`);
    // never back in time: the first day runs now when its 06:00 UTC has passed
    clock.set(at.getTime() < started.getTime() ? started : at);
    const results: string[] = [];
    for (const job of app.jobs.jobs) {
      const run = await app.jobs.runNow(job.name);
      if (run) results.push(`${job.name} ${JSON.stringify(run.result)}`);
    }
    print(`${day}: ${results.join('; ')}`);
  }
  return 0;
};
