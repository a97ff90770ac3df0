#!/usr/bin/env node
/**
 * `node scripts/audit.mjs`: CI's audit of what ships (issue 32). Runs `npm audit --omit=dev
 * --json` and fails on a high or critical advisory that audit-allowlist.json does not excuse
 * (scripts/audit-policy.mjs). Exit 0: clean; 1: an advisory blocks; 2: the audit could not run —
 * an audit that did not run is not a pass.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { judge } from './audit-policy.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

const runAudit = async () => {
  try {
    const { stdout } = await promisify(execFile)('npm', ['audit', '--omit=dev', '--json'], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
    return JSON.parse(stdout);
  } catch (error) {
    // npm audit exits 1 when it finds anything: the report is still on stdout
    const stdout = error.stdout ?? '';
    try {
      const report = JSON.parse(stdout);
      if (report.error) throw new Error(`${report.error.code ?? ''} ${report.error.summary ?? ''}`.trim());
      return report;
    } catch (parseError) {
      throw new Error(`npm audit did not answer a report: ${parseError.message || error.message}`);
    }
  }
};

const main = async () => {
  const allowList = JSON.parse(await readFile(`${root}audit-allowlist.json`, 'utf8'));
  let report;
  try {
    report = await runAudit();
  } catch (error) {
    console.error(`audit could not run: ${error.message}`);
    return 2;
  }
  const today = new Date().toISOString().slice(0, 10);
  const { blocking, allowed, stale } = judge(report, allowList, today);
  const counts = report.metadata?.vulnerabilities ?? {};
  console.log(`npm audit --omit=dev: ${JSON.stringify(counts)}`);
  for (const item of allowed)
    console.log(`allowed until ${item.entry.expires}: ${item.id} ${item.package} (${item.severity}): ${item.entry.reason}`);
  for (const entry of stale) console.log(`allow-list entry no longer needed, remove it: ${entry.id} ${entry.package ?? ''}`);
  for (const item of blocking) {
    console.error(
      `BLOCKING ${item.severity}: ${item.id} ${item.package} ${item.range ?? ''} — ${item.title} ${item.url ?? ''}${item.expired ? ` (allow-list entry expired: ${item.expired})` : ''}`,
    );
  }
  if (blocking.length > 0) {
    console.error(
      `${blocking.length} high or critical advisory(ies) on shipped packages: upgrade, or review and add to audit-allowlist.json`,
    );
    return 1;
  }
  return 0;
};

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(2);
  },
);
