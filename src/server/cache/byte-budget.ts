// One memory budget, in bytes, shared by every read cache of a process: entries are charged when kept, and the least
// recently used leave first when the total, or one user's share of it, is over. Keys a caller can vary freely never
// reach a cache (cache/cached-reads.ts keeps only canonical variants), so this bounds what is left: many users.

export type Charge = {
  bytes: number;
  /** The user whose request kept the entry (null: shared by everyone, e.g. a console view). */
  owner: string | null;
  /** The cached read it belongs to (cache/cached-reads.ts), for the per-read figures. */
  read: string;
  evict(reason: "budget" | "owner"): void;
};

export type ByteBudget = {
  readonly limitBytes: number;
  /** An answer larger than this is not kept. */
  readonly maxEntryBytes: number;
  /** What one owner's entries may hold together. */
  readonly perOwnerBytes: number;
  admit(charge: Charge): void;
  /** Marks the entry most recently used. */
  touch(charge: Charge): void;
  release(charge: Charge): void;
  usedBytes(): number;
  /** Bytes and entries held, per cached read. */
  usageByRead(): ReadonlyMap<string, { bytes: number; entries: number }>;
};

export const MAX_ENTRY_BYTES = 256 * 1024;
/** One user's entries hold at most this fraction of the budget (but always room for one largest answer). */
const OWNER_SHARE = 1 / 32;

export function createByteBudget(limitBytes: number): ByteBudget {
  const maxEntryBytes = Math.min(MAX_ENTRY_BYTES, limitBytes);
  const perOwnerBytes = Math.max(maxEntryBytes, Math.floor(limitBytes * OWNER_SHARE));
  // Maps and Sets keep insertion order: the first is the least recently used.
  const all = new Set<Charge>();
  const byOwner = new Map<string, { bytes: number; charges: Set<Charge> }>();
  const byRead = new Map<string, { bytes: number; entries: number }>();
  let used = 0;

  function count(charge: Charge, sign: 1 | -1): void {
    const usage = byRead.get(charge.read) ?? { bytes: 0, entries: 0 };
    usage.bytes += sign * charge.bytes;
    usage.entries += sign;
    if (usage.entries === 0) byRead.delete(charge.read);
    else byRead.set(charge.read, usage);
  }

  function release(charge: Charge): void {
    if (!all.delete(charge)) return;
    used -= charge.bytes;
    count(charge, -1);
    if (charge.owner === null) return;
    const mine = byOwner.get(charge.owner);
    if (!mine) return;
    mine.charges.delete(charge);
    mine.bytes -= charge.bytes;
    if (mine.charges.size === 0) byOwner.delete(charge.owner);
  }

  return {
    limitBytes,
    maxEntryBytes,
    perOwnerBytes,
    admit(charge) {
      all.add(charge);
      used += charge.bytes;
      count(charge, 1);
      if (charge.owner !== null) {
        let mine = byOwner.get(charge.owner);
        if (!mine) {
          mine = { bytes: 0, charges: new Set() };
          byOwner.set(charge.owner, mine);
        }
        mine.charges.add(charge);
        mine.bytes += charge.bytes;
        while (mine.bytes > perOwnerBytes) {
          const oldest = mine.charges.values().next().value;
          if (!oldest) break;
          oldest.evict("owner");
          release(oldest);
        }
      }
      while (used > limitBytes) {
        const oldest = all.values().next().value;
        if (!oldest) break;
        oldest.evict("budget");
        release(oldest);
      }
    },
    touch(charge) {
      if (!all.delete(charge)) return;
      all.add(charge);
      if (charge.owner === null) return;
      const mine = byOwner.get(charge.owner);
      if (mine?.charges.delete(charge)) mine.charges.add(charge);
    },
    release,
    usedBytes: () => used,
    usageByRead: () => byRead,
  };
}
