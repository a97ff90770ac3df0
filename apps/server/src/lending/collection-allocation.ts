/**
 * Allocating a stage's cases to its collectors (issue 46 §2): smooth weighted round-robin (the
 * rotation nginx uses for upstreams), so over any run each collector's share follows their weight
 * and no one gets a burst; a collector at capacity is skipped; a case nobody can take stays
 * unallocated for tomorrow's run (or a supervisor).
 */

export interface CollectorSlot {
  collectorId: number;
  weight: number;
  /** most open cases the collector holds at once */
  capacity: number;
  /** open cases they hold now */
  load: number;
}

export interface Allocation {
  caseId: number;
  collectorId: number;
}

export const allocateRoundRobin = (
  caseIds: readonly number[],
  collectors: readonly CollectorSlot[],
): { allocations: Allocation[]; unallocated: number[] } => {
  const slots = collectors
    .filter((collector) => collector.weight > 0)
    .map((collector) => ({ ...collector, current: 0 }))
    .sort((a, b) => a.collectorId - b.collectorId);
  const allocations: Allocation[] = [];
  const unallocated: number[] = [];
  for (const caseId of caseIds) {
    const open = slots.filter((slot) => slot.load < slot.capacity);
    if (open.length === 0) {
      unallocated.push(caseId);
      continue;
    }
    const total = open.reduce((sum, slot) => sum + slot.weight, 0);
    let best = open[0]!;
    for (const slot of open) {
      slot.current += slot.weight;
      if (slot.current > best.current) best = slot;
    }
    best.current -= total;
    best.load += 1;
    allocations.push({ caseId, collectorId: best.collectorId });
  }
  return { allocations, unallocated };
};
