// Token counts already known, by text: a turn switch shows mostly the same messages again (the full
// history of turn n is that of turn n−1 and one more exchange), so only new texts go to the worker.
import type { EngineClient } from '../engine/client.ts';

const TOKEN_CACHE_ENTRIES = 20_000;

export class TokenCounts {
  private readonly known = new Map<string, number>();

  constructor(private readonly client: EngineClient) {}

  /** Counts of `texts`: known ones from the cache, the others counted in the worker (once each). */
  async count(texts: readonly string[]): Promise<number[]> {
    // What is known now is kept aside: another count may evict it from the cache meanwhile.
    const counted = new Map<string, number>();
    for (const t of texts) {
      const n = this.known.get(t);
      if (n !== undefined) counted.set(t, n);
    }
    const missing = [...new Set(texts.filter((t) => !counted.has(t)))];
    if (missing.length > 0) {
      const counts = await this.client.call('countTokens', [missing]);
      missing.forEach((t, i) => {
        counted.set(t, counts[i]);
        this.known.set(t, counts[i]);
      });
      // The oldest entries go first (a Map keeps insertion order).
      for (const key of this.known.keys()) {
        if (this.known.size <= TOKEN_CACHE_ENTRIES) break;
        this.known.delete(key);
      }
    }
    return texts.map((t) => counted.get(t) ?? 0);
  }
}
