/**
 * A private git repository in a temp folder that tracks the data branch of the user's remote. It never touches
 * the workspace's repository, branch or working tree.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// Private clones are named `flakeguard-data-<pid>-…`, so the next run can tell a killed run's clone from a live one.
import { CLONE_PREFIX, openClones, sweepStaleClones } from './cleanup.ts';
import { GitError, isLostRace, isPermanentRefusal, pushMessage, refusalOf, runGit, withConfig, type RefusalKind } from './git-process.ts';
import { authEnv } from './git-auth.ts';
import { inboxPrefix, PARCEL_FILE, parkedFrom, refusedPrefix, SEAL_FILE, type ParcelFiles, type ParkedRef } from './inbox-refs.ts';
import { catFileBatch } from './cat-file.ts';
import { blockedPaths, isRegularFile, ownsPath, type TreeEntry } from './owned.ts';
import { boundFiles, DEFAULT_READ_BOUNDS, markRead, type ReadBounds } from './read-bounds.ts';
import { isQuietPath } from './layout.ts';
import { isUtf8 } from 'node:buffer';

/** The id git gives `text` as a blob (SHA-1 of `blob <bytes>\0<bytes>`); `bytes`: its UTF-8 length, when known. */
export function blobId(text: string, bytes: number = Buffer.byteLength(text, 'utf8')): string {
  return createHash('sha1').update(`blob ${bytes}\0`).update(text, 'utf8').digest('hex');
}

/** A path as fast-import reads it: C-style quoted when it has a character that would end or split it. */
function quotePath(path: string): string {
  return /^[\x21-\x7e]+$/.test(path) && !path.startsWith('"') ? path : JSON.stringify(path);
}

export type PushResult =
  | { pushed: true; commit: string }
  | {
      pushed: false;
      rejected: boolean;
      permanent: boolean;
      message: string;
      /** A permanent refusal whose kind git's output names, with the line that says it (refusalOf). */
      refusal?: { kind: RefusalKind; detail: string };
    };

/**
 * A push's pack up to this size goes in one request that states its length (git's `http.postBuffer`). Above it (git's
 * default is 1 MiB) git first sends a probe request over HTTP: one more round trip before the pack, on the critical
 * path (at 100k tests a clean run's pack is about 0.6 MiB in deltas, a first push's 2.3 MB whole;
 * test/store/push-round-trips.test.ts). Git holds the pack in memory up to this size.
 */
export const PUSH_BUFFER_BYTES = 64 * 1024 * 1024;

/**
 * Pack options of the data branch's push. Each changed file goes as a delta against the remote's version of the same
 * path (a thin pack), not whole: a run changes a few lines of each busy shard and stats file, and whole objects would
 * send them all again (at 100k tests a clean run's push is 1,262 KiB whole, 627 KiB in deltas; ADR 0385).
 * - `pack.window` 1: git's delta search sorts objects by a hash of their path, so the remote's version of a path sorts
 *   next to the new one; a wider window only tries other shards, which share little with it, and its CPU grows with
 *   the window (at 100k, with the cache limit below: 0.16–0.18 s of CPU at git's default 10, 0.10 s at 1, for 2 KiB more).
 * - `pack.deltaCacheLimit` at git's maximum: a changed shard's delta is a few KiB, and git keeps only the deltas of up
 *   to 1,000 bytes (its default) from the search to the writing; every larger one is computed twice (at a window of 1:
 *   0.15–0.17 → 0.10 s).
 * docs/benchmarks.md, "The 100k push".
 */
export const PUSH_PACK_CONFIG: ReadonlyArray<readonly [string, string]> = [
  ['pack.window', '1'],
  ['pack.deltaCacheLimit', '65535'],
];

const IDENTITY = ['-c', 'user.name=github-actions[bot]', '-c', 'user.email=41898282+github-actions[bot]@users.noreply.github.com'];

/** `Name <email>` as git would take it: GIT_AUTHOR_* / GIT_COMMITTER_* when set (the CLI sets the person's), else the bot. */
function identity(kind: 'AUTHOR' | 'COMMITTER'): string {
  const clean = (text: string): string => text.replace(/[<>\n]/g, '').trim();
  const name = clean(process.env[`GIT_${kind}_NAME`] ?? '') || 'github-actions[bot]';
  const email = clean(process.env[`GIT_${kind}_EMAIL`] ?? '') || '41898282+github-actions[bot]@users.noreply.github.com';
  return `${name} <${email}>`;
}

export class DataRepo {
  /** A bare repository: the branch's files are read from and written to git's object store, never checked out. */
  readonly dir: string;
  readonly branch: string;
  private readonly env: Record<string, string>;
  private readonly remote: string;

  private constructor(dir: string, branch: string, env: Record<string, string>, remote: string) {
    this.dir = dir;
    this.branch = branch;
    this.env = env;
    this.remote = remote;
  }

  static async open(remoteUrl: string, branch: string, token: string, tempRoot?: string): Promise<DataRepo> {
    const root = tempRoot || tmpdir();
    // Clones left behind by a crashed run on this runner (a self-hosted runner keeps RUNNER_TEMP): swept first.
    await sweepStaleClones(root);
    const dir = await mkdtemp(join(root, `${CLONE_PREFIX}${process.pid}-`));
    openClones.add(dir);
    const repo = new DataRepo(dir, branch, authEnv(remoteUrl, token), remoteUrl);
    // One process: the remote is named by its URL in each command. No template: hooks samples and the like are
    // files to copy that a private repository never uses (10-20 ms).
    await repo.git(['init', '-q', '--bare', '--template=']);
    return repo;
  }

  /**
   * A private repository another thread of this process opened (DataRepo.open) and fetched into (fetchWithInbox with
   * `inbox`): `fetched` is that fetch's result, taken by the next fetchWithInbox like a prefetch. Disposed as if opened
   * here (src/action/early-clone.ts).
   */
  static adopt(dir: string, remoteUrl: string, branch: string, token: string, inbox: boolean, fetched: Promise<{ head: string | null; parked: ParkedRef[] }>): DataRepo {
    openClones.add(dir);
    const repo = new DataRepo(dir, branch, authEnv(remoteUrl, token), remoteUrl);
    const promise = fetched.then((result) => {
      repo.head = result.head;
      return result;
    });
    promise.catch(() => undefined);
    repo.prefetched = { inbox, promise };
    return repo;
  }

  git(args: string[]): Promise<string> {
    return runGit(this.dir, args, { env: this.env });
  }

  private get remoteRef(): string {
    return `refs/remotes/origin/${this.branch}`;
  }

  /** The local branch that commits are written to and pushed from. */
  private static readonly LOCAL = 'refs/heads/flakeguard-write';

  /** The commit the fetch left at `ref`, from the ref file when git wrote one (no process), else from git. */
  private async resolve(ref: string): Promise<string> {
    const loose = await readFile(join(this.dir, ref), 'utf8').catch(() => '');
    if (/^[0-9a-f]{40,64}\n?$/.test(loose)) return loose.trim();
    return (await this.git(['rev-parse', '--verify', `${ref}^{commit}`])).trim();
  }

  /** Fetches the branch tip. Returns the commit, or null when the branch does not exist yet. */
  async fetchAndReset(): Promise<string | null> {
    return (await this.fetchWithInbox(false)).head;
  }

  /**
   * As fetchAndReset, and with `inbox`, also fetches the runs parked under the inbox prefix (one ls-remote, one
   * fetch). Returns them sorted by ref name.
   */
  async fetchWithInbox(inbox: boolean): Promise<{ head: string | null; parked: ParkedRef[] }> {
    const early = this.prefetched;
    this.prefetched = undefined;
    if (early) {
      // Taken if it asked for as much (parked runs too, when asked): the branch as of a moment ago.
      if (early.inbox || !inbox) return early.promise;
      await early.promise.catch(() => undefined);
    }
    return this.fetchNow(inbox);
  }

  /**
   * Starts fetching now, for the next fetchWithInbox to take: the step parses its reports while git fetches. A failure
   * is reported by that call (which the caller retries as any fetch).
   */
  prefetch(inbox: boolean): void {
    const promise = this.fetchNow(inbox);
    promise.catch(() => undefined);
    this.prefetched = { inbox, promise };
  }

  private prefetched: { inbox: boolean; promise: Promise<{ head: string | null; parked: ParkedRef[] }> } | undefined;

  /**
   * One git fetch in the common case: the branch (and, with `inbox`, the parked runs) fetched by name; over HTTP a
   * connection and three turns (capabilities, ls-refs, fetch: test/store/fetch-round-trips.test.ts). When that fails (no
   * branch yet, or any other error), the remote is listed first, then what it has is fetched (listThenFetch).
   */
  private async fetchNow(inbox: boolean): Promise<{ head: string | null; parked: ParkedRef[] }> {
    const prefix = inboxPrefix(this.branch);
    try {
      await this.fetchRefs([`+refs/heads/${this.branch}:${this.remoteRef}`, ...(inbox ? [`+${prefix}*:${DataRepo.INBOX}*`] : [])]);
    } catch {
      return this.listThenFetch(inbox);
    }
    this.head = await this.resolve(this.remoteRef);
    if (!inbox) return { head: this.head, parked: [] };
    // The parked runs as fetched (`--prune` dropped those gone from the remote), named as on the remote.
    const listing = await this.git(['for-each-ref', '--format=%(objectname) %(refname)', DataRepo.INBOX]);
    return { head: this.head, parked: parkedFrom(listing, (ref) => (ref.startsWith(DataRepo.INBOX) ? prefix + ref.slice(DataRepo.INBOX.length) : undefined)) };
  }

  /** Where parked runs are fetched to in the private repository. */
  private static readonly INBOX = 'refs/flakeguard-inbox/';

  private async listThenFetch(inbox: boolean): Promise<{ head: string | null; parked: ParkedRef[] }> {
    const prefix = inboxPrefix(this.branch);
    const patterns = [`refs/heads/${this.branch}`, ...(inbox ? [`${prefix}*`] : [])];
    // --heads: the server lists refs/heads/ only (protocol v2's ref-prefix), not every ref it has: ls-remote's patterns
    // are matched on this side, and a GitHub repository has two refs under refs/pull/ for each pull request.
    const listing = await this.git(['ls-remote', '--heads', this.remote, ...patterns]);
    const tip = listing
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .find(([sha, ref]) => sha && ref === `refs/heads/${this.branch}`)?.[0];
    const parked = inbox ? parkedFrom(listing, (ref) => (ref.startsWith(prefix) ? ref : undefined)) : [];
    const refspecs = [...(tip ? [`+refs/heads/${this.branch}:${this.remoteRef}`] : []), ...(parked.length > 0 ? [`+${prefix}*:${DataRepo.INBOX}*`] : [])];
    if (refspecs.length > 0) await this.fetchRefs(refspecs);
    this.head = tip ? await this.resolve(this.remoteRef) : null;
    return { head: this.head, parked };
  }

  /** unpackLimit 1: the fetched pack is kept as it came (indexed), not unpacked into loose objects one by one. */
  private async fetchRefs(refspecs: string[]): Promise<void> {
    await runGit(this.dir, ['fetch', '-q', '--no-tags', '--prune', '--depth=1', this.remote, ...refspecs], { env: withConfig(this.env, 'fetch.unpackLimit', '1') });
  }

  /** The commit last fetched (null: the branch does not exist yet). */
  private head: string | null = null;

  /**
   * The files flakeguard owns (src/store/owned.ts) in the commit last fetched (path → text), read from git's object
   * store in two processes: the tree's listing, then their blobs in one batch. Regular files only, as a checkout would
   * give them; a person's files are never read. `wanted`: only the owned paths a reader needs (the org build leaves
   * the page and the README). A file over its cap in `bounds` (its size from the listing) is never read: it is left
   * out and recorded beside the map returned (src/store/read-bounds.ts), and commitFiles neither replaces nor deletes
   * it. Reading never throws: an error of git's (the listing, the blobs) is recorded beside the map as well, for
   * parseSnapshot to name as a damage: a read is not a fetch, and is not retried as one.
   */
  async readFiles(wanted: (path: string) => boolean = () => true, bounds: ReadBounds = DEFAULT_READ_BOUNDS): Promise<Map<string, string>> {
    const files = new Map<string, string>();
    let reading: string | undefined;
    try {
      const owned = (await this.treeEntries()).filter((e) => isRegularFile(e.mode) && ownsPath(e.path) && wanted(e.path));
      const { read, leftOut } = boundFiles(
        owned.map((e) => ({ path: e.path, size: e.size ?? 0 })),
        bounds,
      );
      this.leftOut = { head: this.head, paths: new Set(leftOut.keys()) };
      markRead(files, leftOut);
      const entries = owned.filter((e) => read.has(e.path));
      if (entries.length === 0) return files;
      const byPath = new Map(entries.map((e) => [e.sha, e.path] as const));
      const shas = [...new Set(entries.map((e) => e.sha))];
      const texts = new Map<string, string>();
      // The quiet files' blobs that are UTF-8: their texts read are their bytes (asRead).
      const quiet = new Set(entries.filter((e) => isQuietPath(e.path)).map((e) => e.sha));
      const lossless = new Set<string>();
      await catFileBatch(this.dir, shas, this.env, ({ sha, type, bytes }) => {
        if (type !== 'blob' || !byPath.has(sha)) throw new GitError(`git cat-file gave '${sha} ${type}' for ${byPath.get(sha) ?? 'an object not asked for'}`, '', null);
        reading = byPath.get(sha);
        texts.set(sha, bytes.toString('utf8'));
        if (quiet.has(sha) && isUtf8(bytes)) lossless.add(sha);
        reading = undefined;
      });
      const asRead = new Map<string, string>();
      for (const { sha, path } of entries) {
        const text = texts.get(sha);
        if (text === undefined) throw new GitError(`git cat-file gave nothing for ${path}`, '', null);
        files.set(path, text);
        if (lossless.has(sha)) asRead.set(path, text);
      }
      this.asRead = { head: this.head, texts: asRead };
      // Emptied, not just dropped: a stale reference to it (git's child process, a frame's slot) would hold every text.
      texts.clear();
      return files;
    } catch (error) {
      const empty = new Map<string, string>();
      markRead(empty, new Map(), { ...(reading !== undefined ? { file: reading } : {}), message: error instanceof Error ? error.message : String(error) });
      return empty;
    }
  }

  /**
   * The quiet files' texts the last readFiles of the head gave, for the blobs that are UTF-8 (each text encodes back to
   * its blob's bytes): a write whose text for the path is this one writes the same blob, and commitFiles need not hash
   * it. Only quiet files: a write keeps most of them as read (src/pipeline/render-files.ts), and their texts are held
   * until the write anyway (the snapshot's quiet reads, then the files written).
   */
  private asRead: { head: string | null; texts: ReadonlyMap<string, string> } | undefined;

  /** The owned files the last readFiles of the head left out for their size: never replaced, never deleted. */
  private leftOut: { head: string | null; paths: ReadonlySet<string> } | undefined;

  /**
   * The owned paths of the commit last fetched that are not what flakeguard writes there (a symbolic link, a
   * submodule, a folder; an owned folder that is not one), with what they are: never replaced (src/store/owned.ts).
   */
  async blockedPaths(): Promise<Map<string, string>> {
    return blockedPaths(await this.treeEntries());
  }

  /** Every entry of the commit last fetched (none without a head): blobs and gitlinks, recursively. Remembered per head. */
  private async treeEntries(): Promise<TreeEntry[]> {
    const head = this.head;
    if (!head) return [];
    if (this.tree?.head === head) return this.tree.entries;
    // -l: each blob's size, so that a file too large to read is known before it is read.
    const listing = await this.git(['ls-tree', '-r', '-z', '-l', '--full-tree', head]);
    const entries: TreeEntry[] = [];
    for (const entry of listing.split('\0')) {
      if (!entry) continue;
      const tab = entry.indexOf('\t');
      const [mode, type, sha, size] = entry.slice(0, tab).split(/ +/);
      entries.push({ mode: mode!, type: type!, sha: sha!, path: entry.slice(tab + 1), size: size === '-' ? 0 : Number(size) });
    }
    this.tree = { head, entries };
    return entries;
  }

  /**
   * Commits `files` as the new content of the paths flakeguard owns, on the tree of the commit last fetched, in one git
   * process (fast-import) that writes only what changed (compared with the tree's blobs by id). An owned path not in
   * `files` is deleted; every other entry of the tree (a person's files, links, submodules) is carried by its id and
   * mode, never read, and an owned path that is not a regular file (blockedPaths), or that the read left out for its
   * size (readFiles), is never replaced. Returns false when
   * nothing changed. With `root`, the commit has no parent: the branch's past is squashed away (compaction), its
   * content is not.
   */
  async commitFiles(files: ReadonlyMap<string, string>, message: string, options: { root?: boolean } = {}): Promise<boolean> {
    for (const path of files.keys()) {
      if (!ownsPath(path)) throw new GitError(`flakeguard writes only the paths it owns on the data branch, and ${path} is not one of them`, '', null);
    }
    const root = options.root === true || this.head === null;
    const entries = await this.treeEntries();
    const before = new Map(entries.map((e) => [e.path, e]));
    const blocked = blockedPaths(entries);
    const leftOut = this.leftOut?.head === this.head ? this.leftOut.paths : new Set<string>();
    const writable = (path: string): boolean => !blocked.has(path) && !blocked.has(path.slice(0, Math.max(0, path.lastIndexOf('/')))) && !leftOut.has(path);
    // A file is unchanged when its blob id is the tree's. Told without hashing: a text equal to the one read from the
    // path's blob at this head, a blob that is UTF-8, is that blob (asRead); a size other than the tree's blob's (the
    // listing's) is another blob. Only a file of the same size is hashed.
    const asRead = this.asRead?.head === this.head ? this.asRead.texts : new Map<string, string>();
    const changed: Array<[path: string, text: string, bytes: number]> = [];
    for (const [path, text] of files) {
      if (!writable(path)) continue;
      const old = before.get(path);
      if (old !== undefined && asRead.get(path) === text) continue;
      const bytes = Buffer.byteLength(text, 'utf8');
      if (old !== undefined && (old.size === undefined || old.size === bytes) && old.sha === blobId(text, bytes)) continue;
      changed.push([path, text, bytes]);
    }
    this.asRead = undefined;
    const deleted = entries.filter((e) => ownsPath(e.path) && isRegularFile(e.mode) && !files.has(e.path) && !leftOut.has(e.path)).map((e) => e.path);
    if (!root && changed.length === 0 && deleted.length === 0) return false;
    const chunks: string[] = [];
    const data = (text: string, bytes = Buffer.byteLength(text, 'utf8')): void => {
      chunks.push(`data ${bytes}\n`, text, '\n');
    };
    const when = `${Math.floor(Date.now() / 1000)} +0000`;
    chunks.push(`commit ${DataRepo.LOCAL}\nmark :1\nauthor ${identity('AUTHOR')} ${when}\ncommitter ${identity('COMMITTER')} ${when}\n`);
    data(message);
    if (!root) chunks.push(`from ${this.head}\n`);
    // A fresh root starts from the head's whole tree (every entry, whatever its mode or name), not from nothing.
    else if (this.head) chunks.push(`M 040000 ${(await this.git(['rev-parse', '--verify', `${this.head}^{tree}`])).trim()} ""\n`);
    for (const path of deleted) chunks.push(`D ${quotePath(path)}\n`);
    for (const [path, text, bytes] of changed) {
      // An executable bit set on an owned file is kept.
      chunks.push(`M ${before.get(path)?.mode === '100755' ? '100755' : '100644'} inline ${quotePath(path)}\n`);
      data(text, bytes);
    }
    chunks.push('\ndone\n');
    const marks = join(this.dir, 'flakeguard-marks');
    // zlib level 1: the branch's text compresses well at any level, and level 6 costs several times the CPU (docs/benchmarks-archive.md, "Issue #16, work in proportion to what changed").
    // unpackLimit 1: the pack is kept as written; below the default (100 objects, i.e. every write) git unpacks it
    // into loose objects in another process, compressing each again (~50 ms at 10k tests).
    // --depth=0: no deltas. fast-import would deltify each blob against the one written before it, another shard, which
    // shares little with it: at 100k tests that doubles its time (265–269 vs 121 ms) for a pack 1.3% smaller
    // (docs/benchmarks-archive.md#issue-16-work-in-proportion-to-what-changed, "`fast-import` writes without deltas").
    const env = withConfig(withConfig(this.env, 'core.compression', '1'), 'fastimport.unpackLimit', '1');
    await runGit(this.dir, ['fast-import', '--quiet', '--done', '--force', '--depth=0', `--export-marks=${marks}`], { env, input: chunks });
    const mark = /^:1 ([0-9a-f]+)/m.exec(await readFile(marks, 'utf8'));
    if (!mark) throw new GitError('git fast-import wrote no commit', '', null);
    this.written = mark[1]!;
    return true;
  }

  /** The commit commitFiles wrote last. */
  private written: string | undefined;
  /** The entries of the commit last read: what commitFiles compares with and carries, so no text need be kept. */
  private tree: { head: string; entries: TreeEntry[] } | undefined;

  /**
   * The parcels (and seals) of parked runs, in the order given: two git processes for any number of them (which
   * files each commit holds and their sizes, then the blobs). A parcel file over `maxBytes` is not read (its size is
   * given); a missing file (a ref that is not a parcel, or one deleted meanwhile) is left undefined. Once the parcels
   * read hold `budget` bytes, the rest are `deferred` (not read now; the first is always read).
   */
  async readParcels(parked: readonly ParkedRef[], maxBytes: number, budget = Infinity): Promise<ParcelFiles[]> {
    const names = parked.flatMap((p) => [`${p.sha}:${PARCEL_FILE}`, `${p.sha}:${SEAL_FILE}`]);
    if (names.length === 0) return [];
    const listing = (await runGit(this.dir, ['cat-file', '--batch-check'], { env: this.env, input: `${names.join('\n')}\n` })).split('\n');
    const found: Array<{ sha: string; size: number } | undefined> = names.map((_, i) => {
      const [sha, type, size] = (listing[i] ?? '').split(' ');
      return type === 'blob' && sha && /^\d+$/.test(size ?? '') ? { sha, size: Number(size) } : undefined;
    });
    let total = 0;
    let deferFrom = parked.length;
    for (let i = 0; i < parked.length; i++) {
      const size = found[2 * i]?.size ?? 0;
      if (size > maxBytes) continue;
      if (i > 0 && total + size > budget) {
        deferFrom = i;
        break;
      }
      total += size;
    }
    const wanted = [...new Set(found.filter((f, i) => f !== undefined && i < 2 * deferFrom && f.size <= (i % 2 === 0 ? maxBytes : 4096)).map((f) => f!.sha))];
    const texts = new Map<string, string>();
    if (wanted.length > 0) await catFileBatch(this.dir, wanted, this.env, ({ sha, bytes }) => void texts.set(sha, bytes.toString('utf8')));
    return parked.map((_, i) => {
      if (i >= deferFrom) return { deferred: true };
      const parcel = found[2 * i];
      const seal = found[2 * i + 1];
      const text = parcel ? texts.get(parcel.sha) : undefined;
      const sealText = seal ? texts.get(seal.sha) : undefined;
      return { ...(text !== undefined ? { text } : {}), ...(sealText !== undefined ? { seal: sealText } : {}), ...(parcel && text === undefined ? { bytes: parcel.size } : {}) };
    });
  }

  /**
   * Moves refused parked runs aside: each to `<data branch>-refused/<name>-<commit>` (kept for a person to look at),
   * its inbox branch deleted only if it still points where it did when read, in atomic pushes of up to 100 (a push's
   * arguments stay small however many there are). Returns the refs moved (inbox ref → where), and why some were not.
   */
  async setAsideParked(parked: readonly ParkedRef[]): Promise<{ moved: Map<string, string>; error?: string }> {
    const prefix = inboxPrefix(this.branch);
    const moved = new Map<string, string>();
    let error: string | undefined;
    for (let at = 0; at < parked.length; at += 100) {
      const chunk = parked.slice(at, at + 100);
      const aside = new Map(chunk.map((p) => [p.ref, `${refusedPrefix(this.branch)}${p.ref.slice(prefix.length)}-${p.sha.slice(0, 12)}`]));
      const args = ['push', '-q', '--porcelain', '--atomic', ...chunk.map((p) => `--force-with-lease=${p.ref}:${p.sha}`), this.remote];
      for (const p of chunk) args.push(`+${p.sha}:${aside.get(p.ref)!}`, `:${p.ref}`);
      try {
        await this.git(args);
        for (const [ref, to] of aside) moved.set(ref, to);
      } catch (failure) {
        error ??= pushMessage(failure instanceof GitError ? `${failure.stdout}\n${failure.stderr}\n${failure.message}` : String(failure));
      }
    }
    return { moved, ...(error !== undefined ? { error } : {}) };
  }

  /**
   * Parks a run: pushes a root commit holding only its parcel as a new branch under the inbox prefix. The name is
   * the run's own (run key and attempt), so no other writer pushes it and the push cannot lose a race.
   */
  async park(name: string, text: string, message: string, seal?: string): Promise<PushResult & { ref: string }> {
    const ref = `${inboxPrefix(this.branch)}${name}`;
    try {
      const blob = (await runGit(this.dir, ['hash-object', '-w', '--stdin'], { env: this.env, input: text })).trim();
      let entries = `100644 blob ${blob}\t${PARCEL_FILE}\n`;
      if (seal !== undefined) entries += `100644 blob ${(await runGit(this.dir, ['hash-object', '-w', '--stdin'], { env: this.env, input: seal })).trim()}\t${SEAL_FILE}\n`;
      const tree = (await runGit(this.dir, ['mktree'], { env: this.env, input: entries })).trim();
      const commit = (await this.git([...IDENTITY, 'commit-tree', tree, '-m', message])).trim();
      try {
        await runGit(this.dir, ['push', '-q', '--porcelain', this.remote, `${commit}:${ref}`], { env: withConfig(this.env, 'http.postBuffer', String(PUSH_BUFFER_BYTES)) });
        return { pushed: true, commit, ref };
      } catch (error) {
        // Parked before (the same attempt ran this step twice): the parcel is there, which is all that matters.
        const listing = await this.git(['ls-remote', this.remote, ref]).catch(() => '');
        if (listing.trim() !== '') return { pushed: true, commit: listing.trim().split(/\s+/)[0]!, ref };
        throw error;
      }
    } catch (error) {
      const stderr = error instanceof GitError ? `${error.stdout}\n${error.stderr}\n${error.message}` : String(error);
      const refusal = refusalOf(stderr);
      return { pushed: false, rejected: isLostRace(stderr), permanent: isPermanentRefusal(stderr), message: pushMessage(stderr), ...(refusal ? { refusal } : {}), ref };
    }
  }

  /** Deletes folded parked runs, each only if it still points where it did when read. Returns the refs deleted. */
  async deleteParked(parked: ParkedRef[]): Promise<{ deleted: string[]; error?: string }> {
    if (parked.length === 0) return { deleted: [] };
    const args = ['push', '-q', '--porcelain', ...parked.map((p) => `--force-with-lease=${p.ref}:${p.sha}`), this.remote, ...parked.map((p) => `:${p.ref}`)];
    try {
      await this.git(args);
      return { deleted: parked.map((p) => p.ref) };
    } catch (error) {
      // Some were deleted by another writer meanwhile (or by this push): what is gone is folded, whoever deleted it.
      const left = await this.git(['ls-remote', this.remote, ...parked.map((p) => p.ref)]).catch(() => undefined);
      const message = (error instanceof GitError ? error.stderr : String(error)).trim().split('\n').slice(-2).join(' ');
      if (left === undefined) return { deleted: [], error: message };
      const still = new Set(
        left
          .split('\n')
          .map((l) => l.trim().split(/\s+/)[1])
          .filter(Boolean),
      );
      return { deleted: parked.filter((p) => !still.has(p.ref)).map((p) => p.ref), ...(still.size > 0 ? { error: message } : {}) };
    }
  }

  /**
   * Pushes the commit commitFiles wrote as the branch; a non-fast-forward is reported as rejected so the caller
   * can retry. With `replacing`, the commit is a fresh root that replaces exactly that head: `--force-with-lease`
   * makes the push fail, rather than overwrite, when another writer moved the branch meanwhile.
   */
  async push(options: { replacing?: string | null } = {}): Promise<PushResult> {
    const args = ['push', '-q', '--porcelain', this.remote, `${DataRepo.LOCAL}:refs/heads/${this.branch}`];
    if (options.replacing) args.splice(3, 0, `--force-with-lease=refs/heads/${this.branch}:${options.replacing}`);
    try {
      const env = PUSH_PACK_CONFIG.reduce((e, [key, value]) => withConfig(e, key, value), withConfig(this.env, 'http.postBuffer', String(PUSH_BUFFER_BYTES)));
      await runGit(this.dir, args, { env });
      return { pushed: true, commit: this.written ?? (await this.git(['rev-parse', DataRepo.LOCAL])).trim() };
    } catch (error) {
      const stderr = error instanceof GitError ? `${error.stdout}\n${error.stderr}\n${error.message}` : String(error);
      const permanent = isPermanentRefusal(stderr);
      const refusal = refusalOf(stderr);
      return { pushed: false, rejected: !permanent && isLostRace(stderr), permanent, message: pushMessage(stderr), ...(refusal ? { refusal } : {}) };
    }
  }

  async dispose(): Promise<void> {
    await this.prefetched?.promise.catch(() => undefined);
    await rm(this.dir, { recursive: true, force: true });
    openClones.delete(this.dir);
  }
}

/** The URL of the workspace's `origin` remote. */
export async function originUrl(workspace: string): Promise<string> {
  return (await runGit(workspace, ['remote', 'get-url', 'origin'])).trim();
}
