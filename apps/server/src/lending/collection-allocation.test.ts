import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateRoundRobin } from './collection-allocation.js';

const ids = (n: number) => Array.from({ length: n }, (_, index) => index + 1);

describe('allocation by weight and capacity', () => {
  it('gives collectors of weight 2 and 1 two cases and one of every three, interleaved', () => {
    const { allocations } = allocateRoundRobin(ids(6), [
      { collectorId: 10, weight: 2, capacity: 100, load: 0 },
      { collectorId: 20, weight: 1, capacity: 100, load: 0 },
    ]);
    expect(allocations.map((each) => each.collectorId)).toEqual([10, 20, 10, 10, 20, 10]);
  });

  it('skips a collector at capacity and leaves what nobody can take', () => {
    const { allocations, unallocated } = allocateRoundRobin(ids(5), [
      { collectorId: 10, weight: 5, capacity: 3, load: 2 },
      { collectorId: 20, weight: 1, capacity: 2, load: 0 },
    ]);
    expect(allocations.filter((each) => each.collectorId === 10)).toHaveLength(1);
    expect(allocations.filter((each) => each.collectorId === 20)).toHaveLength(2);
    expect(unallocated).toEqual([4, 5]);
  });

  it('never exceeds a capacity and allocates every case while room is left', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ weight: fc.integer({ min: 1, max: 5 }), capacity: fc.nat(20), load: fc.nat(20) }), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.nat(60),
        (people, cases) => {
          const collectors = people.map((person, index) => ({ ...person, collectorId: index + 1 }));
          const { allocations, unallocated } = allocateRoundRobin(ids(cases), collectors);
          const room = collectors.reduce((sum, each) => sum + Math.max(0, each.capacity - each.load), 0);
          expect(allocations.length).toBe(Math.min(cases, room));
          expect(allocations.length + unallocated.length).toBe(cases);
          for (const collector of collectors) {
            const given = allocations.filter((each) => each.collectorId === collector.collectorId).length;
            expect(collector.load + given).toBeLessThanOrEqual(Math.max(collector.load, collector.capacity));
          }
        },
      ),
    );
  });
});
