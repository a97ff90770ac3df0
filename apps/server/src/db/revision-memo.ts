/**
 * Views computed from rows, kept in this process's memory beside the stamp of what they were
 * computed from (decision 115). A request reads only the stamp (an order's revision, moved by
 * migration 0016's triggers in the transaction of every change), and a kept view whose stamp
 * still matches and whose deadline has not passed is the view it would compute. Every instance
 * answers from the database's current state: the memory saves the computing, never a read of
 * what may have changed. Bounded: the entry used least recently goes first.
 */
interface Kept<Value> {
  stamp: string;
  /** the instant (ms) the view stops holding although nothing was written: a decision or disbursal time it shows ahead of */
  until: number;
  value: Value;
}

export class RevisionMemo<Value> {
  private readonly entries = new Map<string, Kept<Value>>();

  constructor(private readonly capacity: number) {}

  /** The view kept for `key` when it was computed from `stamp` and still holds at `now`. */
  get(key: string, stamp: string, now: number): Value | undefined {
    const kept = this.entries.get(key);
    if (!kept) return undefined;
    this.entries.delete(key);
    if (kept.stamp !== stamp || kept.until <= now) return undefined;
    // the most recently used last: the first entry is the one to drop
    this.entries.set(key, kept);
    return kept.value;
  }

  set(key: string, stamp: string, until: number, value: Value): void {
    this.entries.delete(key);
    this.entries.set(key, { stamp, until, value });
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }
}
