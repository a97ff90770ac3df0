/**
 * What `npm audit --omit=dev` may report before CI fails (issue 32, decision 130): no high or
 * critical advisory on a package that ships, unless the repository's reviewed allow-list
 * (audit-allowlist.json) names it with a reason and an expiry date that has not passed.
 */

export const BLOCKING = new Set(['high', 'critical']);

/** The GHSA id of an advisory (from its url), else npm's numeric source id as text. */
const advisoryId = (via) => /GHSA-[\w-]+/.exec(via.url ?? '')?.[0] ?? String(via.source);

/** Every advisory of an `npm audit --json` report (lockfile v2+ format), once each. */
export const advisoriesOf = (report) => {
  const found = new Map();
  for (const vulnerability of Object.values(report.vulnerabilities ?? {})) {
    for (const via of vulnerability.via ?? []) {
      if (typeof via !== 'object' || via === null) continue; // a name: the advisory is listed under that package
      const id = advisoryId(via);
      if (!found.has(id))
        found.set(id, { id, package: via.name, severity: via.severity, title: via.title, url: via.url, range: via.range });
    }
  }
  return [...found.values()];
};

/**
 * The verdict on a report: `blocking` — high or critical advisories the allow-list does not
 * excuse (or excuses past its expiry); `allowed` — those it does; `stale` — allow-list entries
 * no advisory matched any more (remove them).
 */
export const judge = (report, allowList, today) => {
  const entries = allowList.advisories ?? [];
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const blocking = [];
  const allowed = [];
  const used = new Set();
  for (const advisory of advisoriesOf(report)) {
    if (!BLOCKING.has(advisory.severity)) continue;
    const entry = byId.get(advisory.id);
    if (entry) used.add(entry.id);
    if (entry?.reason && entry.expires && entry.expires >= today) allowed.push({ ...advisory, entry });
    else blocking.push({ ...advisory, ...(entry ? { expired: entry.expires ?? 'no expiry date' } : {}) });
  }
  const stale = entries.filter((entry) => !used.has(entry.id));
  return { blocking, allowed, stale };
};
