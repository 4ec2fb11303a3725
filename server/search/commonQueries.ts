// Which searches are worth a read-cache entry: those asked again within a while. A query seen
// for the first time is answered without keeping it, so a stream of one-off searches never
// pushes the feed pages out of the cache (its entries leave oldest first).

/** Distinct queries remembered; past it the memory starts over (a repeat is then cached a request later). */
const REMEMBERED_MAX = 10_000;

export class CommonQueries {
  private readonly seen = new Set<string>();

  /** True from the second time `key` is asked (since the memory last started over). */
  isCommon(key: string): boolean {
    if (this.seen.has(key)) return true;
    if (this.seen.size >= REMEMBERED_MAX) this.seen.clear();
    this.seen.add(key);
    return false;
  }
}
