import { describe, expect, it } from 'vitest';
import { mergeProblemPages, type ProblemListPage } from './get-problem-list';

const item = (id: number) => ({ id, time: '2026-11-21 10:00:00', type: 'Repayment', content: `complaint ${id}` });

describe('complaint list tabs', () => {
  it('keeps the tabs in the order the server gives, and appends each later page to its tab', () => {
    const first: ProblemListPage = {
      pageCount: 3,
      tabs: [
        { title: 'Processing', status: 1, list: [item(1), item(2)], total: 3 },
        { title: 'Replied', status: 2, list: [item(5)], total: 1 },
        { title: 'Closed', status: 3, list: [], total: 0 },
      ],
    };
    const second: ProblemListPage = { pageCount: 3, tabs: [{ title: 'Processing', status: 1, list: [item(3)], total: 3 }] };

    const once = mergeProblemPages([first]);
    expect(once.map((tab) => tab.title)).toEqual(['Processing', 'Replied', 'Closed']);
    expect(once.map((tab) => tab.hasMore)).toEqual([true, false, false]);

    const twice = mergeProblemPages([first, second]);
    expect(twice[0]!.list.map((entry) => entry.id)).toEqual([1, 2, 3]);
    expect(twice.every((tab) => !tab.hasMore)).toBe(true);
  });

  it('offers no more pages when the server gives no totals', () => {
    expect(mergeProblemPages([{ pageCount: 3, tabs: [{ title: 'All', status: 0, list: [item(1)] }] }])[0]!.hasMore).toBe(false);
  });
});
