import { describe, expect, it } from 'vitest';
import { advisoriesOf, judge } from './audit-policy.mjs';

/** The shape `npm audit --json` prints (npm 7+): advisories in `via`, names pointing at other entries. */
const report = {
  vulnerabilities: {
    'fast-xml': {
      name: 'fast-xml',
      severity: 'critical',
      via: [
        {
          source: 1101,
          name: 'fast-xml',
          title: 'Prototype pollution',
          url: 'https://github.com/advisories/GHSA-aaaa-bbbb-cccc',
          severity: 'critical',
          range: '<4.2.5',
        },
      ],
    },
    'aws-sdk-core': { name: 'aws-sdk-core', severity: 'critical', via: ['fast-xml'] },
    'path-thing': {
      name: 'path-thing',
      severity: 'high',
      via: [
        {
          source: 1102,
          name: 'path-thing',
          title: 'ReDoS',
          url: 'https://github.com/advisories/GHSA-dddd-eeee-ffff',
          severity: 'high',
          range: '<1.2.0',
        },
      ],
    },
    cookie: {
      name: 'cookie',
      severity: 'low',
      via: [
        {
          source: 1103,
          name: 'cookie',
          title: 'Out of bounds characters',
          url: 'https://github.com/advisories/GHSA-pxg6-pf52-xh8x',
          severity: 'low',
        },
      ],
    },
  },
  metadata: { vulnerabilities: { low: 1, high: 1, critical: 2 } },
};

describe('the audit policy of CI', () => {
  it('reads each advisory once, by its GHSA id, not the packages that only depend on it', () => {
    expect(advisoriesOf(report).map((advisory) => advisory.id)).toEqual([
      'GHSA-aaaa-bbbb-cccc',
      'GHSA-dddd-eeee-ffff',
      'GHSA-pxg6-pf52-xh8x',
    ]);
  });

  it('blocks high and critical advisories, lets low ones through', () => {
    const { blocking } = judge(report, { advisories: [] }, '2026-11-26');
    expect(blocking.map((advisory) => advisory.id)).toEqual(['GHSA-aaaa-bbbb-cccc', 'GHSA-dddd-eeee-ffff']);
  });

  it('lets through what the reviewed allow-list names with a reason until its expiry, and names stale entries', () => {
    const allowList = {
      advisories: [
        { id: 'GHSA-dddd-eeee-ffff', package: 'path-thing', reason: 'only reached with operator input', expires: '2026-12-31' },
        { id: 'GHSA-zzzz-zzzz-zzzz', package: 'gone', reason: 'fixed upstream', expires: '2026-12-31' },
      ],
    };
    const within = judge(report, allowList, '2026-11-26');
    expect(within.blocking.map((advisory) => advisory.id)).toEqual(['GHSA-aaaa-bbbb-cccc']);
    expect(within.allowed.map((advisory) => advisory.id)).toEqual(['GHSA-dddd-eeee-ffff']);
    expect(within.stale.map((entry) => entry.id)).toEqual(['GHSA-zzzz-zzzz-zzzz']);
    const after = judge(report, allowList, '2027-01-01');
    expect(after.blocking.map((advisory) => advisory.id)).toEqual(['GHSA-aaaa-bbbb-cccc', 'GHSA-dddd-eeee-ffff']);
  });

  it('does not excuse an entry without a reason or an expiry', () => {
    const { blocking } = judge(report, { advisories: [{ id: 'GHSA-dddd-eeee-ffff' }] }, '2026-11-26');
    expect(blocking.map((advisory) => advisory.id)).toContain('GHSA-dddd-eeee-ffff');
  });
});
