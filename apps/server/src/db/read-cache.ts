/**
 * Read-mostly rows kept in this process's memory for a few seconds (decision 100): the loan
 * catalogue and the complaint types are the same for every borrower and change rarely, so a hot
 * call need not read them each time. Every instance reads the database again once an entry is
 * older than its lifetime, so instances agree within that lifetime of an edit. Rows a borrower's
 * money depends on are never kept here.
 */
/** How long a read-mostly row may be shown after an edit, on every instance (decision 100). */
export const READ_MOSTLY_TTL_MS = 5_000;

export class ReadCache<Key, Value> {
  private readonly entries = new Map<Key, { value: Promise<Value>; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly load: (key: Key) => Promise<Value>,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The value read within the lifetime, else read now; concurrent misses share one read, and a failed read is not kept. */
  get(key: Key): Promise<Value> {
    const at = this.now();
    const entry = this.entries.get(key);
    if (entry && entry.until > at) return entry.value;
    const value = this.load(key);
    this.entries.set(key, { value, until: at + this.ttlMs });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }
}
