const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { createHash } = require("node:crypto");
const { mkdtemp, readFile, rm } = require("node:fs/promises");
const { tmpdir } = require("node:os");
const { join } = require("node:path");
const { spawn } = require("node:child_process");
const { Buffer: Buffer2 } = require("node:buffer");
const { isUtf8 } = require("node:buffer");
import {
  GitError,
  isLostRace,
  isPermanentRefusal,
  pushMessage,
  refusalOf,
  runGit,
  withConfig
} from "./shared-store-git-process.js";
import {
  PARCEL_FILE,
  SEAL_FILE,
  inboxPrefix,
  parkedFrom,
  refusedPrefix
} from "./shared-store-inbox-refs.js";
import {
  DEFAULT_READ_BOUNDS,
  boundFiles,
  markRead
} from "./shared-store-read-bounds.js";
import {
  blockedPaths,
  isRegularFile,
  ownsPath
} from "./shared-store-decisions.js";
import {
  isQuietPath
} from "./shared-store-layout.js";
import {
  CLONE_PREFIX,
  openClones,
  sweepStaleClones
} from "./shared-store-cleanup.js";

// src/store/git-auth.ts
function authEnv(remoteUrl, token) {
  if (!token || !/^https?:\/\//.test(remoteUrl)) return {};
  const basic = Buffer.from(`x-access-token:${token}`).toString("base64");
  return {
    GIT_CONFIG_COUNT: "1",
    GIT_CONFIG_KEY_0: `http.${new URL(remoteUrl).origin}/.extraheader`,
    GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${basic}`
  };
}

// src/store/git.ts

// src/store/cat-file.ts
var BatchParser = class {
  pending = [];
  pendingBytes = 0;
  header;
  onObject;
  constructor(onObject) {
    this.onObject = onObject;
  }
  push(chunk) {
    let at = 0;
    while (at < chunk.length) {
      if (!this.header) {
        const eol = chunk.indexOf(10, at);
        if (eol === -1) {
          this.keep(chunk.subarray(at));
          return;
        }
        const line = this.take(chunk.subarray(at, eol)).toString("latin1");
        at = eol + 1;
        const parts = line.split(" ");
        if (parts[1] === "missing" || parts.length !== 3 || !/^\d+$/.test(parts[2])) throw new GitError(`git cat-file gave '${line.slice(0, 200)}'`, "", null);
        this.header = { sha: parts[0], type: parts[1], size: Number(parts[2]) };
      }
      const need = this.header.size + 1 - this.pendingBytes;
      if (chunk.length - at < need) {
        this.keep(chunk.subarray(at));
        return;
      }
      const whole = this.take(chunk.subarray(at, at + need));
      at += need;
      if (whole[whole.length - 1] !== 10) throw new GitError(`git cat-file output is out of step after ${this.header.sha}`, "", null);
      const { sha, type } = this.header;
      this.header = void 0;
      this.onObject({ sha, type, bytes: whole.subarray(0, whole.length - 1) });
    }
  }
  /** Throws when the output stopped in the middle of an object. */
  end() {
    if (this.header || this.pendingBytes > 0) throw new GitError("git cat-file output ended in the middle of an object", "", null);
  }
  keep(piece) {
    this.pending.push(piece);
    this.pendingBytes += piece.length;
  }
  /** What was kept plus `piece`, as one buffer; empties what was kept. */
  take(piece) {
    if (this.pending.length === 0) return piece;
    const all = Buffer2.concat([...this.pending, piece]);
    this.pending = [];
    this.pendingBytes = 0;
    return all;
  }
};
function catFileBatch(cwd, shas, env, onObject, timeoutMs = 12e4) {
  return new Promise((resolve, reject) => {
    const child = spawn("git", ["cat-file", "--batch"], { cwd, env: { ...process.env, GIT_TERMINAL_PROMPT: "0", LC_ALL: "C", ...env }, stdio: ["pipe", "pipe", "pipe"] });
    const parser = new BatchParser(onObject);
    let failed;
    let stderr = "";
    const timer = setTimeout(() => {
      failed ??= new GitError(`git cat-file timed out after ${timeoutMs} ms`, stderr, null);
      child.kill("SIGKILL");
    }, timeoutMs);
    child.stdout.on("data", (chunk) => {
      if (failed) return;
      try {
        parser.push(chunk);
      } catch (error) {
        failed = error;
        child.kill("SIGKILL");
      }
    });
    child.stderr.on("data", (chunk) => {
      if (stderr.length < 4096) stderr += chunk.toString();
    });
    child.on("error", (error) => {
      failed ??= new GitError(`git cat-file failed: ${error.message}`, stderr, null);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (!failed && code !== 0) failed = new GitError(`git cat-file failed: ${stderr.trim() || `exit code ${code}`}`, stderr, code);
      if (!failed) {
        try {
          parser.end();
        } catch (error) {
          failed = error;
        }
      }
      if (failed) reject(failed);
      else resolve();
    });
    child.stdin.on("error", () => void 0);
    child.stdin.end(shas.length > 0 ? `${shas.join("\n")}
` : "");
  });
}

// src/store/git.ts
function blobId(text, bytes = Buffer.byteLength(text, "utf8")) {
  return createHash("sha1").update(`blob ${bytes}\0`).update(text, "utf8").digest("hex");
}
function quotePath(path) {
  return /^[\x21-\x7e]+$/.test(path) && !path.startsWith('"') ? path : JSON.stringify(path);
}
var PUSH_BUFFER_BYTES = 64 * 1024 * 1024;
var PUSH_PACK_CONFIG = [
  ["pack.window", "1"],
  ["pack.deltaCacheLimit", "65535"]
];
var IDENTITY = ["-c", "user.name=github-actions[bot]", "-c", "user.email=41898282+github-actions[bot]@users.noreply.github.com"];
function identity(kind) {
  const clean = (text) => text.replace(/[<>\n]/g, "").trim();
  const name = clean(process.env[`GIT_${kind}_NAME`] ?? "") || "github-actions[bot]";
  const email = clean(process.env[`GIT_${kind}_EMAIL`] ?? "") || "41898282+github-actions[bot]@users.noreply.github.com";
  return `${name} <${email}>`;
}
var DataRepo = class _DataRepo {
  /** A bare repository: the branch's files are read from and written to git's object store, never checked out. */
  dir;
  branch;
  env;
  remote;
  constructor(dir, branch, env, remote) {
    this.dir = dir;
    this.branch = branch;
    this.env = env;
    this.remote = remote;
  }
  static async open(remoteUrl, branch, token, tempRoot) {
    const root = tempRoot || tmpdir();
    await sweepStaleClones(root);
    const dir = await mkdtemp(join(root, `${CLONE_PREFIX}${process.pid}-`));
    openClones.add(dir);
    const repo = new _DataRepo(dir, branch, authEnv(remoteUrl, token), remoteUrl);
    await repo.git(["init", "-q", "--bare", "--template="]);
    return repo;
  }
  /**
   * A private repository another thread of this process opened (DataRepo.open) and fetched into (fetchWithInbox with
   * `inbox`): `fetched` is that fetch's result, taken by the next fetchWithInbox like a prefetch. Disposed as if opened
   * here (src/action/early-clone.ts).
   */
  static adopt(dir, remoteUrl, branch, token, inbox, fetched) {
    openClones.add(dir);
    const repo = new _DataRepo(dir, branch, authEnv(remoteUrl, token), remoteUrl);
    const promise = fetched.then((result) => {
      repo.head = result.head;
      return result;
    });
    promise.catch(() => void 0);
    repo.prefetched = { inbox, promise };
    return repo;
  }
  git(args) {
    return runGit(this.dir, args, { env: this.env });
  }
  get remoteRef() {
    return `refs/remotes/origin/${this.branch}`;
  }
  /** The local branch that commits are written to and pushed from. */
  static LOCAL = "refs/heads/flakeguard-write";
  /** The commit the fetch left at `ref`, from the ref file when git wrote one (no process), else from git. */
  async resolve(ref) {
    const loose = await readFile(join(this.dir, ref), "utf8").catch(() => "");
    if (/^[0-9a-f]{40,64}\n?$/.test(loose)) return loose.trim();
    return (await this.git(["rev-parse", "--verify", `${ref}^{commit}`])).trim();
  }
  /** Fetches the branch tip. Returns the commit, or null when the branch does not exist yet. */
  async fetchAndReset() {
    return (await this.fetchWithInbox(false)).head;
  }
  /**
   * As fetchAndReset, and with `inbox`, also fetches the runs parked under the inbox prefix (one ls-remote, one
   * fetch). Returns them sorted by ref name.
   */
  async fetchWithInbox(inbox) {
    const early = this.prefetched;
    this.prefetched = void 0;
    if (early) {
      if (early.inbox || !inbox) return early.promise;
      await early.promise.catch(() => void 0);
    }
    return this.fetchNow(inbox);
  }
  /**
   * Starts fetching now, for the next fetchWithInbox to take: the step parses its reports while git fetches. A failure
   * is reported by that call (which the caller retries as any fetch).
   */
  prefetch(inbox) {
    const promise = this.fetchNow(inbox);
    promise.catch(() => void 0);
    this.prefetched = { inbox, promise };
  }
  prefetched;
  /**
   * One git fetch in the common case: the branch (and, with `inbox`, the parked runs) fetched by name; over HTTP a
   * connection and three turns (capabilities, ls-refs, fetch: test/store/fetch-round-trips.test.ts). When that fails (no
   * branch yet, or any other error), the remote is listed first, then what it has is fetched (listThenFetch).
   */
  async fetchNow(inbox) {
    const prefix = inboxPrefix(this.branch);
    try {
      await this.fetchRefs([`+refs/heads/${this.branch}:${this.remoteRef}`, ...inbox ? [`+${prefix}*:${_DataRepo.INBOX}*`] : []]);
    } catch {
      return this.listThenFetch(inbox);
    }
    this.head = await this.resolve(this.remoteRef);
    if (!inbox) return { head: this.head, parked: [] };
    const listing = await this.git(["for-each-ref", "--format=%(objectname) %(refname)", _DataRepo.INBOX]);
    return { head: this.head, parked: parkedFrom(listing, (ref) => ref.startsWith(_DataRepo.INBOX) ? prefix + ref.slice(_DataRepo.INBOX.length) : void 0) };
  }
  /** Where parked runs are fetched to in the private repository. */
  static INBOX = "refs/flakeguard-inbox/";
  async listThenFetch(inbox) {
    const prefix = inboxPrefix(this.branch);
    const patterns = [`refs/heads/${this.branch}`, ...inbox ? [`${prefix}*`] : []];
    const listing = await this.git(["ls-remote", "--heads", this.remote, ...patterns]);
    const tip = listing.split("\n").map((line) => line.trim().split(/\s+/)).find(([sha, ref]) => sha && ref === `refs/heads/${this.branch}`)?.[0];
    const parked = inbox ? parkedFrom(listing, (ref) => ref.startsWith(prefix) ? ref : void 0) : [];
    const refspecs = [...tip ? [`+refs/heads/${this.branch}:${this.remoteRef}`] : [], ...parked.length > 0 ? [`+${prefix}*:${_DataRepo.INBOX}*`] : []];
    if (refspecs.length > 0) await this.fetchRefs(refspecs);
    this.head = tip ? await this.resolve(this.remoteRef) : null;
    return { head: this.head, parked };
  }
  /** unpackLimit 1: the fetched pack is kept as it came (indexed), not unpacked into loose objects one by one. */
  async fetchRefs(refspecs) {
    await runGit(this.dir, ["fetch", "-q", "--no-tags", "--prune", "--depth=1", this.remote, ...refspecs], { env: withConfig(this.env, "fetch.unpackLimit", "1") });
  }
  /** The commit last fetched (null: the branch does not exist yet). */
  head = null;
  /**
   * The files flakeguard owns (src/store/owned.ts) in the commit last fetched (path → text), read from git's object
   * store in two processes: the tree's listing, then their blobs in one batch. Regular files only, as a checkout would
   * give them; a person's files are never read. `wanted`: only the owned paths a reader needs (the org build leaves
   * the page and the README). A file over its cap in `bounds` (its size from the listing) is never read: it is left
   * out and recorded beside the map returned (src/store/read-bounds.ts), and commitFiles neither replaces nor deletes
   * it. Reading never throws: an error of git's (the listing, the blobs) is recorded beside the map as well, for
   * parseSnapshot to name as a damage: a read is not a fetch, and is not retried as one.
   */
  async readFiles(wanted = () => true, bounds = DEFAULT_READ_BOUNDS) {
    const files = /* @__PURE__ */ new Map();
    let reading;
    try {
      const owned = (await this.treeEntries()).filter((e) => isRegularFile(e.mode) && ownsPath(e.path) && wanted(e.path));
      const { read, leftOut } = boundFiles(
        owned.map((e) => ({ path: e.path, size: e.size ?? 0 })),
        bounds
      );
      this.leftOut = { head: this.head, paths: new Set(leftOut.keys()) };
      markRead(files, leftOut);
      const entries = owned.filter((e) => read.has(e.path));
      if (entries.length === 0) return files;
      const byPath = new Map(entries.map((e) => [e.sha, e.path]));
      const shas = [...new Set(entries.map((e) => e.sha))];
      const texts = /* @__PURE__ */ new Map();
      const quiet = new Set(entries.filter((e) => isQuietPath(e.path)).map((e) => e.sha));
      const lossless = /* @__PURE__ */ new Set();
      await catFileBatch(this.dir, shas, this.env, ({ sha, type, bytes }) => {
        if (type !== "blob" || !byPath.has(sha)) throw new GitError(`git cat-file gave '${sha} ${type}' for ${byPath.get(sha) ?? "an object not asked for"}`, "", null);
        reading = byPath.get(sha);
        texts.set(sha, bytes.toString("utf8"));
        if (quiet.has(sha) && isUtf8(bytes)) lossless.add(sha);
        reading = void 0;
      });
      const asRead = /* @__PURE__ */ new Map();
      for (const { sha, path } of entries) {
        const text = texts.get(sha);
        if (text === void 0) throw new GitError(`git cat-file gave nothing for ${path}`, "", null);
        files.set(path, text);
        if (lossless.has(sha)) asRead.set(path, text);
      }
      this.asRead = { head: this.head, texts: asRead };
      texts.clear();
      return files;
    } catch (error) {
      const empty = /* @__PURE__ */ new Map();
      markRead(empty, /* @__PURE__ */ new Map(), { ...reading !== void 0 ? { file: reading } : {}, message: error instanceof Error ? error.message : String(error) });
      return empty;
    }
  }
  /**
   * The quiet files' texts the last readFiles of the head gave, for the blobs that are UTF-8 (each text encodes back to
   * its blob's bytes): a write whose text for the path is this one writes the same blob, and commitFiles need not hash
   * it. Only quiet files: a write keeps most of them as read (src/pipeline/render-files.ts), and their texts are held
   * until the write anyway (the snapshot's quiet reads, then the files written).
   */
  asRead;
  /** The owned files the last readFiles of the head left out for their size: never replaced, never deleted. */
  leftOut;
  /**
   * The owned paths of the commit last fetched that are not what flakeguard writes there (a symbolic link, a
   * submodule, a folder; an owned folder that is not one), with what they are: never replaced (src/store/owned.ts).
   */
  async blockedPaths() {
    return blockedPaths(await this.treeEntries());
  }
  /** Every entry of the commit last fetched (none without a head): blobs and gitlinks, recursively. Remembered per head. */
  async treeEntries() {
    const head = this.head;
    if (!head) return [];
    if (this.tree?.head === head) return this.tree.entries;
    const listing = await this.git(["ls-tree", "-r", "-z", "-l", "--full-tree", head]);
    const entries = [];
    for (const entry of listing.split("\0")) {
      if (!entry) continue;
      const tab = entry.indexOf("	");
      const [mode, type, sha, size] = entry.slice(0, tab).split(/ +/);
      entries.push({ mode, type, sha, path: entry.slice(tab + 1), size: size === "-" ? 0 : Number(size) });
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
  async commitFiles(files, message, options = {}) {
    for (const path of files.keys()) {
      if (!ownsPath(path)) throw new GitError(`flakeguard writes only the paths it owns on the data branch, and ${path} is not one of them`, "", null);
    }
    const root = options.root === true || this.head === null;
    const entries = await this.treeEntries();
    const before = new Map(entries.map((e) => [e.path, e]));
    const blocked = blockedPaths(entries);
    const leftOut = this.leftOut?.head === this.head ? this.leftOut.paths : /* @__PURE__ */ new Set();
    const writable = (path) => !blocked.has(path) && !blocked.has(path.slice(0, Math.max(0, path.lastIndexOf("/")))) && !leftOut.has(path);
    const asRead = this.asRead?.head === this.head ? this.asRead.texts : /* @__PURE__ */ new Map();
    const changed = [];
    for (const [path, text] of files) {
      if (!writable(path)) continue;
      const old = before.get(path);
      if (old !== void 0 && asRead.get(path) === text) continue;
      const bytes = Buffer.byteLength(text, "utf8");
      if (old !== void 0 && (old.size === void 0 || old.size === bytes) && old.sha === blobId(text, bytes)) continue;
      changed.push([path, text, bytes]);
    }
    this.asRead = void 0;
    const deleted = entries.filter((e) => ownsPath(e.path) && isRegularFile(e.mode) && !files.has(e.path) && !leftOut.has(e.path)).map((e) => e.path);
    if (!root && changed.length === 0 && deleted.length === 0) return false;
    const chunks = [];
    const data = (text, bytes = Buffer.byteLength(text, "utf8")) => {
      chunks.push(`data ${bytes}
`, text, "\n");
    };
    const when = `${Math.floor(Date.now() / 1e3)} +0000`;
    chunks.push(`commit ${_DataRepo.LOCAL}
mark :1
author ${identity("AUTHOR")} ${when}
committer ${identity("COMMITTER")} ${when}
`);
    data(message);
    if (!root) chunks.push(`from ${this.head}
`);
    else if (this.head) chunks.push(`M 040000 ${(await this.git(["rev-parse", "--verify", `${this.head}^{tree}`])).trim()} ""
`);
    for (const path of deleted) chunks.push(`D ${quotePath(path)}
`);
    for (const [path, text, bytes] of changed) {
      chunks.push(`M ${before.get(path)?.mode === "100755" ? "100755" : "100644"} inline ${quotePath(path)}
`);
      data(text, bytes);
    }
    chunks.push("\ndone\n");
    const marks = join(this.dir, "flakeguard-marks");
    const env = withConfig(withConfig(this.env, "core.compression", "1"), "fastimport.unpackLimit", "1");
    await runGit(this.dir, ["fast-import", "--quiet", "--done", "--force", "--depth=0", `--export-marks=${marks}`], { env, input: chunks });
    const mark = /^:1 ([0-9a-f]+)/m.exec(await readFile(marks, "utf8"));
    if (!mark) throw new GitError("git fast-import wrote no commit", "", null);
    this.written = mark[1];
    return true;
  }
  /** The commit commitFiles wrote last. */
  written;
  /** The entries of the commit last read: what commitFiles compares with and carries, so no text need be kept. */
  tree;
  /**
   * The parcels (and seals) of parked runs, in the order given: two git processes for any number of them (which
   * files each commit holds and their sizes, then the blobs). A parcel file over `maxBytes` is not read (its size is
   * given); a missing file (a ref that is not a parcel, or one deleted meanwhile) is left undefined. Once the parcels
   * read hold `budget` bytes, the rest are `deferred` (not read now; the first is always read).
   */
  async readParcels(parked, maxBytes, budget = Infinity) {
    const names = parked.flatMap((p) => [`${p.sha}:${PARCEL_FILE}`, `${p.sha}:${SEAL_FILE}`]);
    if (names.length === 0) return [];
    const listing = (await runGit(this.dir, ["cat-file", "--batch-check"], { env: this.env, input: `${names.join("\n")}
` })).split("\n");
    const found = names.map((_, i) => {
      const [sha, type, size] = (listing[i] ?? "").split(" ");
      return type === "blob" && sha && /^\d+$/.test(size ?? "") ? { sha, size: Number(size) } : void 0;
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
    const wanted = [...new Set(found.filter((f, i) => f !== void 0 && i < 2 * deferFrom && f.size <= (i % 2 === 0 ? maxBytes : 4096)).map((f) => f.sha))];
    const texts = /* @__PURE__ */ new Map();
    if (wanted.length > 0) await catFileBatch(this.dir, wanted, this.env, ({ sha, bytes }) => void texts.set(sha, bytes.toString("utf8")));
    return parked.map((_, i) => {
      if (i >= deferFrom) return { deferred: true };
      const parcel = found[2 * i];
      const seal = found[2 * i + 1];
      const text = parcel ? texts.get(parcel.sha) : void 0;
      const sealText = seal ? texts.get(seal.sha) : void 0;
      return { ...text !== void 0 ? { text } : {}, ...sealText !== void 0 ? { seal: sealText } : {}, ...parcel && text === void 0 ? { bytes: parcel.size } : {} };
    });
  }
  /**
   * Moves refused parked runs aside: each to `<data branch>-refused/<name>-<commit>` (kept for a person to look at),
   * its inbox branch deleted only if it still points where it did when read, in atomic pushes of up to 100 (a push's
   * arguments stay small however many there are). Returns the refs moved (inbox ref → where), and why some were not.
   */
  async setAsideParked(parked) {
    const prefix = inboxPrefix(this.branch);
    const moved = /* @__PURE__ */ new Map();
    let error;
    for (let at = 0; at < parked.length; at += 100) {
      const chunk = parked.slice(at, at + 100);
      const aside = new Map(chunk.map((p) => [p.ref, `${refusedPrefix(this.branch)}${p.ref.slice(prefix.length)}-${p.sha.slice(0, 12)}`]));
      const args = ["push", "-q", "--porcelain", "--atomic", ...chunk.map((p) => `--force-with-lease=${p.ref}:${p.sha}`), this.remote];
      for (const p of chunk) args.push(`+${p.sha}:${aside.get(p.ref)}`, `:${p.ref}`);
      try {
        await this.git(args);
        for (const [ref, to] of aside) moved.set(ref, to);
      } catch (failure) {
        error ??= pushMessage(failure instanceof GitError ? `${failure.stdout}
${failure.stderr}
${failure.message}` : String(failure));
      }
    }
    return { moved, ...error !== void 0 ? { error } : {} };
  }
  /**
   * Parks a run: pushes a root commit holding only its parcel as a new branch under the inbox prefix. The name is
   * the run's own (run key and attempt), so no other writer pushes it and the push cannot lose a race.
   */
  async park(name, text, message, seal) {
    const ref = `${inboxPrefix(this.branch)}${name}`;
    try {
      const blob = (await runGit(this.dir, ["hash-object", "-w", "--stdin"], { env: this.env, input: text })).trim();
      let entries = `100644 blob ${blob}	${PARCEL_FILE}
`;
      if (seal !== void 0) entries += `100644 blob ${(await runGit(this.dir, ["hash-object", "-w", "--stdin"], { env: this.env, input: seal })).trim()}	${SEAL_FILE}
`;
      const tree = (await runGit(this.dir, ["mktree"], { env: this.env, input: entries })).trim();
      const commit = (await this.git([...IDENTITY, "commit-tree", tree, "-m", message])).trim();
      try {
        await runGit(this.dir, ["push", "-q", "--porcelain", this.remote, `${commit}:${ref}`], { env: withConfig(this.env, "http.postBuffer", String(PUSH_BUFFER_BYTES)) });
        return { pushed: true, commit, ref };
      } catch (error) {
        const listing = await this.git(["ls-remote", this.remote, ref]).catch(() => "");
        if (listing.trim() !== "") return { pushed: true, commit: listing.trim().split(/\s+/)[0], ref };
        throw error;
      }
    } catch (error) {
      const stderr = error instanceof GitError ? `${error.stdout}
${error.stderr}
${error.message}` : String(error);
      const refusal = refusalOf(stderr);
      return { pushed: false, rejected: isLostRace(stderr), permanent: isPermanentRefusal(stderr), message: pushMessage(stderr), ...refusal ? { refusal } : {}, ref };
    }
  }
  /** Deletes folded parked runs, each only if it still points where it did when read. Returns the refs deleted. */
  async deleteParked(parked) {
    if (parked.length === 0) return { deleted: [] };
    const args = ["push", "-q", "--porcelain", ...parked.map((p) => `--force-with-lease=${p.ref}:${p.sha}`), this.remote, ...parked.map((p) => `:${p.ref}`)];
    try {
      await this.git(args);
      return { deleted: parked.map((p) => p.ref) };
    } catch (error) {
      const left = await this.git(["ls-remote", this.remote, ...parked.map((p) => p.ref)]).catch(() => void 0);
      const message = (error instanceof GitError ? error.stderr : String(error)).trim().split("\n").slice(-2).join(" ");
      if (left === void 0) return { deleted: [], error: message };
      const still = new Set(
        left.split("\n").map((l) => l.trim().split(/\s+/)[1]).filter(Boolean)
      );
      return { deleted: parked.filter((p) => !still.has(p.ref)).map((p) => p.ref), ...still.size > 0 ? { error: message } : {} };
    }
  }
  /**
   * Pushes the commit commitFiles wrote as the branch; a non-fast-forward is reported as rejected so the caller
   * can retry. With `replacing`, the commit is a fresh root that replaces exactly that head: `--force-with-lease`
   * makes the push fail, rather than overwrite, when another writer moved the branch meanwhile.
   */
  async push(options = {}) {
    const args = ["push", "-q", "--porcelain", this.remote, `${_DataRepo.LOCAL}:refs/heads/${this.branch}`];
    if (options.replacing) args.splice(3, 0, `--force-with-lease=refs/heads/${this.branch}:${options.replacing}`);
    try {
      const env = PUSH_PACK_CONFIG.reduce((e, [key, value]) => withConfig(e, key, value), withConfig(this.env, "http.postBuffer", String(PUSH_BUFFER_BYTES)));
      await runGit(this.dir, args, { env });
      return { pushed: true, commit: this.written ?? (await this.git(["rev-parse", _DataRepo.LOCAL])).trim() };
    } catch (error) {
      const stderr = error instanceof GitError ? `${error.stdout}
${error.stderr}
${error.message}` : String(error);
      const permanent = isPermanentRefusal(stderr);
      const refusal = refusalOf(stderr);
      return { pushed: false, rejected: !permanent && isLostRace(stderr), permanent, message: pushMessage(stderr), ...refusal ? { refusal } : {} };
    }
  }
  async dispose() {
    await this.prefetched?.promise.catch(() => void 0);
    await rm(this.dir, { recursive: true, force: true });
    openClones.delete(this.dir);
  }
};
async function originUrl(workspace) {
  return (await runGit(workspace, ["remote", "get-url", "origin"])).trim();
}

export {
  authEnv,
  DataRepo,
  originUrl
};
