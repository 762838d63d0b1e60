import { gzipSync } from 'node:zlib';

/**
 * The last PROPFIND depth-1 listing of each calendar, as the bytes sent, so a client polling an
 * unchanged 10,000-todo calendar gets them again without a query or a string per todo. For a
 * client that accepts gzip (phones' clients do) the whole answer is also kept packed, made on the
 * first such poll: 2.9 MB of XML for 10,000 todos is 64 kB packed, which is what made the poll slow. An entry is
 * one user's calendar at one change number (its sync token) for one set of properties: any write
 * to one of its todos stamps a higher number (dav_changes), so a new number is a miss; the entry's
 * pages untouched since are sent again and it is replaced (listing.ts); nothing else has to
 * invalidate it. Bounded in bytes, least recently used first out; one per app (a number means
 * nothing in another database).
 */

/** What a listing depends on besides its calendar's change number. */
export interface ListingKey {
  ownerId: number;
  username: string;
  collection: number;
  segment: string;
  host: string;
  /** The requested properties, in order (qkeys). */
  props: string[];
}

/** A listing's pages, each with the last todo id it covers (a page covers the ids after the one before's). */
export interface KeptPages {
  seq: number;
  pages: Buffer[];
  bounds: number[];
}

interface Entry extends KeptPages {
  bytes: number;
  /** The whole answer around the pages (its start names the calendar's own properties), gzipped. */
  packed?: { open: string; body: Buffer };
}

/** 32 MB: a dozen 10,000-todo calendars; a listing over a quarter of it is not kept. */
const MAX_BYTES = 32 * 1024 * 1024;

export class ListingCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly maxBytes = MAX_BYTES) {}

  /** The largest listing kept. */
  get maxEntryBytes(): number {
    return this.maxBytes / 4;
  }

  private static keyOf(key: ListingKey): string {
    return JSON.stringify([
      key.ownerId,
      key.username,
      key.collection,
      key.segment,
      key.host,
      key.props,
    ]);
  }

  /** The listing's pages at this change number, if kept. */
  get(key: ListingKey, seq: number): Buffer[] | undefined {
    return this.entry(key, seq)?.pages;
  }

  /** The whole answer, `open` + the pages + `close`, gzipped (level 1), if the listing is kept. */
  packed(key: ListingKey, seq: number, open: string, close: string): Buffer | undefined {
    const entry = this.entry(key, seq);
    if (!entry) return undefined;
    if (entry.packed?.open !== open) {
      const body = gzipSync(
        Buffer.concat([Buffer.from(open), ...entry.pages, Buffer.from(close)]),
        {
          level: 1,
        },
      );
      const grown = body.length - (entry.packed?.body.length ?? 0);
      entry.packed = { open, body };
      entry.bytes += grown;
      this.bytes += grown;
      this.evict();
    }
    return entry.packed.body;
  }

  /**
   * The listing kept for this key, whatever its change number: its pages that no change since
   * touched can be sent again (listing.ts listMembers).
   */
  latest(key: ListingKey): KeptPages | undefined {
    return this.entries.get(ListingCache.keyOf(key));
  }

  private entry(key: ListingKey, seq: number): Entry | undefined {
    const id = ListingCache.keyOf(key);
    const entry = this.entries.get(id);
    if (!entry || entry.seq !== seq) return undefined;
    // Most recently used last (a Map keeps insertion order).
    this.entries.delete(id);
    this.entries.set(id, entry);
    return entry;
  }

  set(key: ListingKey, { seq, pages, bounds }: KeptPages): void {
    const id = ListingCache.keyOf(key);
    this.remove(id);
    const bytes = pages.reduce((sum, page) => sum + page.length, 0);
    if (bytes > this.maxEntryBytes) return;
    this.entries.set(id, { seq, pages, bounds, bytes });
    this.bytes += bytes;
    this.evict();
  }

  /** Least recently used out, down to the bound. */
  private evict() {
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  private remove(id: string) {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.bytes -= entry.bytes;
  }
}
