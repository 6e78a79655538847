/**
 * The inbox of a data branch (docs/data-branch.md, "Many writers"): where parked runs wait as branches of their own,
 * where refused ones are moved aside, and the files a parked run's commit holds.
 */
/** Parked runs from `<sha> <ref>` lines, named as on the remote by `remoteName` (undefined: not a parked run), sorted. */
export function parkedFrom(listing: string, remoteName: (ref: string) => string | undefined): ParkedRef[] {
  const parked: ParkedRef[] = [];
  for (const line of listing.split('\n')) {
    const [sha, ref] = line.trim().split(/\s+/);
    if (!sha || !ref) continue;
    const name = remoteName(ref);
    if (name !== undefined) parked.push({ ref: name, sha });
  }
  return parked.sort((a, b) => (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0));
}

/** A parked run on the remote: a branch under the inbox prefix (src/store/sync.ts). */
export interface ParkedRef {
  /** Full ref name on the remote, e.g. refs/heads/flakeguard-data-inbox/1234-test-a1-9f2c1a0b. */
  ref: string;
  sha: string;
}

/** The inbox of a data branch: parked runs are branches under this prefix (docs/data-branch.md, "Many writers"). */
export function inboxPrefix(branch: string): string {
  return `refs/heads/${branch}-inbox/`;
}

export const PARCEL_FILE = 'flakeguard-parcel.json';
/** The parcel's seal, next to it in the parked run's commit (src/store/parcel.ts, sealParcel). */
export const SEAL_FILE = 'flakeguard-parcel.seal';

/** Where refused parked runs are moved aside: never read by a writer, kept for a person to look at and delete. */
export function refusedPrefix(branch: string): string {
  return `refs/heads/${branch}-refused/`;
}

/** A parked run's files as read: the parcel's text (undefined: no such file, or `bytes` over the limit) and its seal. */
export interface ParcelFiles {
  text?: string;
  seal?: string;
  /** The parcel file's size when it was too large to read. */
  bytes?: number;
  /** Not read in this batch: the parcels before it hold the batch's budget of bytes. */
  deferred?: true;
}
