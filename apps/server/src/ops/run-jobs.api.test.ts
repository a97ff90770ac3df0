import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, orders } from '../db/schema.js';
import { addDays } from '../lending/business-date.js';
import { useTestApp } from '../test/app.js';
import { parseUntil, runJobsUntil } from './run-jobs.js';

const t = useTestApp();

const penaltyDays = async (orderNo: string) => {
  const rows = await t.database.db
    .select({ date: ledgerEntries.businessDate })
    .from(ledgerEntries)
    .innerJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .where(and(eq(orders.orderNo, orderNo), eq(ledgerEntries.kind, 'penalty')))
    .orderBy(sql`${ledgerEntries.businessDate}`);
  return rows.map((row) => row.date);
};

describe('npm run ops -- run-jobs --until', () => {
  it('reads the date after --until and nothing else', () => {
    expect(parseUntil(['--until', '2027-01-31'])).toBe('2027-01-31');
    expect(parseUntil(['--until', '31/01/2027'])).toBeNull();
    expect(parseUntil([])).toBeNull();
  });

  it('runs every job once a day up to the date: an overdue order gets each day’s penalty, once', async () => {
    // the first day is today as India counts it, whatever the hour in UTC
    const start = t.clock.today('IN');
    const before = await penaltyDays('KLINDEMO0006');
    const lines: string[] = [];
    expect(await runJobsUntil(t.app, t.clock, addDays(start, 3), (line) => lines.push(line))).toBe(0);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/penalty-accrual .*due-reminders .*sms-outbox/);
    const after = await penaltyDays('KLINDEMO0006');
    expect(after.length).toBeGreaterThanOrEqual(before.length + 3);
    expect(new Set(after).size).toBe(after.length);
    expect(after.at(-1)).toBe(t.clock.today('IN'));
  });
});
