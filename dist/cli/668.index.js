export const id = 668;
export const ids = [668];
export const modules = {

/***/ 668:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  nV: () => (/* binding */ DataRepo),
  r6: () => (/* binding */ inboxPrefix),
  sH: () => (/* binding */ originUrl),
  bw: () => (/* binding */ refusedPrefix),
  EO: () => (/* binding */ runGit)
});

// UNUSED EXPORTS: GitError, PARCEL_FILE, SEAL_FILE, authEnv, blobId, isLostRace, isPermanentRefusal, pushMessage, sweepStaleClones

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(421);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(24);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(455);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(760);
;// CONCATENATED MODULE: ./src/store/cleanup.ts
/**
 * The private clones of the data branch (`flakeguard-data-<pid>-…` under RUNNER_TEMP, src/store/git.ts) are removed
 * on every exit the process controls: disposed after use, and on a cancelled step (the runner sends SIGINT, then
 * SIGTERM) by the handler src/action/main.ts installs on the main thread (signals never reach a worker thread). A clone left by
 * a run killed outright (kill -9) is swept by the next run (sweepStaleClones). Kept tiny and synchronous: main.ts
 * loads it before anything else.
 */



const CLONE_PREFIX = 'flakeguard-data-';
/** Where this process makes its clones. */
function cloneRoot(env = process.env) {
    return env.RUNNER_TEMP || tmpdir();
}
/** Removes this process's clones in `root`; never throws. */
function removeOwnClonesSync(root, pid = process.pid) {
    let names;
    try {
        names = readdirSync(root);
    }
    catch {
        return;
    }
    for (const name of names) {
        if (!name.startsWith(`${CLONE_PREFIX}${pid}-`))
            continue;
        try {
            rmSync(join(root, name), { recursive: true, force: true });
        }
        catch {
            // best effort: the next run sweeps what is left
        }
    }
}
/** On SIGINT, SIGTERM or SIGHUP: remove this process's clones, then exit as the signal would have. */
function removeClonesOnSignals(root) {
    const codes = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
    for (const signal of Object.keys(codes)) {
        process.once(signal, () => {
            removeOwnClonesSync(root);
            process.exit(codes[signal]);
        });
    }
}

;// CONCATENATED MODULE: ./src/store/git-error.ts
/** A git command that failed, with what it printed. */
class GitError extends Error {
    stderr;
    exitCode;
    /** What git printed on stdout: `push --porcelain` reports each ref's fate there (`[remote rejected] … (hook declined)`). */
    stdout;
    constructor(message, stderr, exitCode, stdout = '') {
        super(message);
        this.stderr = stderr;
        this.exitCode = exitCode;
        this.stdout = stdout;
    }
}

// EXTERNAL MODULE: external "node:buffer"
var external_node_buffer_ = __webpack_require__(573);
;// CONCATENATED MODULE: ./src/store/cat-file.ts
/**
 * Reads blobs out of git's object store with one `git cat-file --batch`, a piece of its output at a time: each
 * blob becomes its text as soon as its bytes are in, so the step never holds the whole output in one buffer (at
 * 100k tests that buffer was 43 MB, kept alive until the write; issue #16).
 */



/**
 * Splits `git cat-file --batch` output (`<sha> <type> <size>\n<bytes>\n`, or `<name> missing\n`) into objects, fed
 * chunk by chunk. Pure: no I/O.
 */
class BatchParser {
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
                const line = this.take(chunk.subarray(at, eol)).toString('latin1');
                at = eol + 1;
                const parts = line.split(' ');
                if (parts[1] === 'missing' || parts.length !== 3 || !/^\d+$/.test(parts[2]))
                    throw new GitError(`git cat-file gave '${line.slice(0, 200)}'`, '', null);
                this.header = { sha: parts[0], type: parts[1], size: Number(parts[2]) };
            }
            const need = this.header.size + 1 - this.pendingBytes; // the bytes and their newline
            if (chunk.length - at < need) {
                this.keep(chunk.subarray(at));
                return;
            }
            const whole = this.take(chunk.subarray(at, at + need));
            at += need;
            if (whole[whole.length - 1] !== 10)
                throw new GitError(`git cat-file output is out of step after ${this.header.sha}`, '', null);
            const { sha, type } = this.header;
            this.header = undefined;
            this.onObject({ sha, type, bytes: whole.subarray(0, whole.length - 1) });
        }
    }
    /** Throws when the output stopped in the middle of an object. */
    end() {
        if (this.header || this.pendingBytes > 0)
            throw new GitError('git cat-file output ended in the middle of an object', '', null);
    }
    keep(piece) {
        this.pending.push(piece);
        this.pendingBytes += piece.length;
    }
    /** What was kept plus `piece`, as one buffer; empties what was kept. */
    take(piece) {
        if (this.pending.length === 0)
            return piece;
        const all = external_node_buffer_.Buffer.concat([...this.pending, piece]);
        this.pending = [];
        this.pendingBytes = 0;
        return all;
    }
}
/** Runs `git cat-file --batch` on `shas` in `cwd`, calling `onObject` for each object in order. */
function catFileBatch(cwd, shas, env, onObject, timeoutMs = 120_000) {
    return new Promise((resolve, reject) => {
        const child = (0,external_node_child_process_.spawn)('git', ['cat-file', '--batch'], { cwd, env: { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
        const parser = new BatchParser(onObject);
        let failed;
        let stderr = '';
        const timer = setTimeout(() => {
            failed ??= new GitError(`git cat-file timed out after ${timeoutMs} ms`, stderr, null);
            child.kill('SIGKILL');
        }, timeoutMs);
        child.stdout.on('data', (chunk) => {
            if (failed)
                return;
            try {
                parser.push(chunk);
            }
            catch (error) {
                failed = error;
                child.kill('SIGKILL');
            }
        });
        child.stderr.on('data', (chunk) => {
            if (stderr.length < 4096)
                stderr += chunk.toString();
        });
        child.on('error', (error) => {
            failed ??= new GitError(`git cat-file failed: ${error.message}`, stderr, null);
        });
        child.on('close', (code) => {
            clearTimeout(timer);
            if (!failed && code !== 0)
                failed = new GitError(`git cat-file failed: ${stderr.trim() || `exit code ${code}`}`, stderr, code);
            if (!failed) {
                try {
                    parser.end();
                }
                catch (error) {
                    failed = error;
                }
            }
            if (failed)
                reject(failed);
            else
                resolve();
        });
        child.stdin.on('error', () => undefined); // git exited early: its exit code and stderr say why
        child.stdin.end(shas.length > 0 ? `${shas.join('\n')}\n` : '');
    });
}

// EXTERNAL MODULE: ./src/store/owned.ts
var owned = __webpack_require__(924);
// EXTERNAL MODULE: ./src/store/layout.ts + 1 modules
var layout = __webpack_require__(900);
;// CONCATENATED MODULE: ./src/store/git.ts
/**
 * A private git repository in a temp folder that tracks the data branch of the user's remote. It never touches
 * the workspace's repository, branch or working tree.
 */






// Private clones are named `flakeguard-data-<pid>-…`, so the next run can tell a killed run's clone from a live one.






function runGit(cwd, args, options = {}) {
    return new Promise((resolve, reject) => {
        const child = (0,external_node_child_process_.execFile)('git', args, {
            cwd,
            env: { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', ...options.env },
            maxBuffer: 256 * 1024 * 1024,
            timeout: options.timeoutMs ?? 120_000,
        }, (error, stdout, stderr) => {
            if (error) {
                const code = typeof error.code === 'number' ? error.code : null;
                reject(new GitError(`git ${args[0]} failed: ${stderr.trim() || error.message}`, stderr, code, String(stdout)));
            }
            else {
                resolve(stdout);
            }
        });
        writeInput(child.stdin, options.input);
    });
}
/**
 * A push the server refuses for good, not because another writer got there first: a hook or a rule declined it,
 * the branch is protected, the token may not push. Retrying cannot help, so it is not retried.
 */
function writeInput(stdin, input) {
    if (input === undefined || !stdin)
        return;
    stdin.on('error', () => undefined); // git exited early: its exit code and stderr say why
    if (typeof input === 'string' || Buffer.isBuffer(input)) {
        stdin.end(input);
        return;
    }
    for (const piece of input)
        stdin.write(piece);
    stdin.end();
}
/** `env` with one more git config entry (GIT_CONFIG_COUNT / KEY / VALUE, as authEnv sets them). */
function withConfig(env, key, value) {
    const n = Number(env.GIT_CONFIG_COUNT ?? 0);
    return { ...env, GIT_CONFIG_COUNT: String(n + 1), [`GIT_CONFIG_KEY_${n}`]: key, [`GIT_CONFIG_VALUE_${n}`]: value };
}
/** The id git gives `text` as a blob (SHA-1 of `blob <bytes>\0<bytes>`). */
function blobId(text) {
    return (0,external_node_crypto_.createHash)('sha1')
        .update(`blob ${Buffer.byteLength(text, 'utf8')}\0`)
        .update(text, 'utf8')
        .digest('hex');
}
/** A path as fast-import reads it: C-style quoted when it has a character that would end or split it. */
function quotePath(path) {
    return /^[\x21-\x7e]+$/.test(path) && !path.startsWith('"') ? path : JSON.stringify(path);
}
function isPermanentRefusal(stderr) {
    return /hook declined|GH0\d\d|protected branch|repository rule violations|permission to \S+ denied|returned error: 40[13]|authentication failed|deny(?:ing)? (?:updating|deleting|non-fast-forward|current branch)|not allowed to (?:push|create|update|delete)|write access to repository not granted/i.test(stderr);
}
/** A push rejected because the branch moved (a lost race): worth fetching and trying again. */
function isLostRace(stderr) {
    return /rejected|non-fast-forward|fetch first|stale info|cannot lock ref|failed to update ref|shallow update not allowed|incorrect old value/i.test(stderr);
}
/** What a failed push says, in one line: the ref's fate (`[remote rejected] … (pre-receive hook declined)`) and what the remote said. */
function pushMessage(output) {
    const lines = output
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
    const fate = lines.filter((l) => /\[(?:remote )?rejected\]|\[rejected\]/.test(l));
    const remote = lines.filter((l) => l.startsWith('remote:')).slice(0, 3);
    const chosen = [...fate, ...remote];
    return (chosen.length > 0 ? chosen : lines.slice(-3)).join(' ').replace(/\s+/g, ' ').slice(0, 600);
}
/** Parked runs from `<sha> <ref>` lines, named as on the remote by `remoteName` (undefined: not a parked run), sorted. */
function parkedFrom(listing, remoteName) {
    const parked = [];
    for (const line of listing.split('\n')) {
        const [sha, ref] = line.trim().split(/\s+/);
        if (!sha || !ref)
            continue;
        const name = remoteName(ref);
        if (name !== undefined)
            parked.push({ ref: name, sha });
    }
    return parked.sort((a, b) => (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0));
}
/** The inbox of a data branch: parked runs are branches under this prefix (docs/data-branch.md, "Many writers"). */
function inboxPrefix(branch) {
    return `refs/heads/${branch}-inbox/`;
}
const PARCEL_FILE = 'flakeguard-parcel.json';
/** The parcel's seal, next to it in the parked run's commit (src/store/parcel.ts, sealParcel). */
const SEAL_FILE = 'flakeguard-parcel.seal';
/** Where refused parked runs are moved aside: never read by a writer, kept for a person to look at and delete. */
function refusedPrefix(branch) {
    return `refs/heads/${branch}-refused/`;
}
/** A clone with no pid in its name (flakeguard 0.1) is removed when older than this. */
const UNNAMED_CLONE_MAX_AGE_MS = 6 * 3600_000;
function processAlive(pid) {
    try {
        process.kill(pid, 0);
        return true;
    }
    catch (error) {
        return error.code === 'EPERM';
    }
}
/**
 * Removes the private clones that killed runs left in `root` (kill -9, a cancelled job on a self-hosted runner):
 * those whose process is gone. Returns the names removed. Never throws.
 */
async function sweepStaleClones(root, now = Date.now()) {
    const removed = [];
    const entries = await (0,promises_.readdir)(root, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
        if (!entry.isDirectory() || !entry.name.startsWith(CLONE_PREFIX))
            continue;
        const match = /^flakeguard-data-(\d+)-/.exec(entry.name);
        let stale;
        if (match) {
            const pid = Number(match[1]);
            stale = pid !== process.pid && !processAlive(pid);
        }
        else {
            const info = await (0,promises_.stat)((0,external_node_path_.join)(root, entry.name)).catch(() => undefined);
            stale = info !== undefined && now - info.mtimeMs > UNNAMED_CLONE_MAX_AGE_MS;
        }
        if (!stale)
            continue;
        await (0,promises_.rm)((0,external_node_path_.join)(root, entry.name), { recursive: true, force: true }).catch(() => undefined);
        removed.push(entry.name);
    }
    return removed;
}
/** Clones of this process not yet disposed: removed when the process (or its worker thread) exits. */
const liveClones = new Set();
let exitHooked = false;
function hookExit() {
    if (exitHooked)
        return;
    exitHooked = true;
    process.on('exit', () => {
        for (const dir of liveClones) {
            try {
                (0,external_node_fs_.rmSync)(dir, { recursive: true, force: true });
            }
            catch {
                // best effort: the next run sweeps what is left
            }
        }
    });
}
/**
 * Git config entries passed through the environment (not argv, which other processes can read) so that
 * fetch and push authenticate like actions/checkout does.
 */
function authEnv(remoteUrl, token) {
    if (!token || !/^https?:\/\//.test(remoteUrl))
        return {};
    const basic = Buffer.from(`x-access-token:${token}`).toString('base64');
    return {
        GIT_CONFIG_COUNT: '1',
        GIT_CONFIG_KEY_0: `http.${new URL(remoteUrl).origin}/.extraheader`,
        GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${basic}`,
    };
}
const IDENTITY = ['-c', 'user.name=github-actions[bot]', '-c', 'user.email=41898282+github-actions[bot]@users.noreply.github.com'];
/** `Name <email>` as git would take it: GIT_AUTHOR_* / GIT_COMMITTER_* when set (the CLI sets the person's), else the bot. */
function identity(kind) {
    const clean = (text) => text.replace(/[<>\n]/g, '').trim();
    const name = clean(process.env[`GIT_${kind}_NAME`] ?? '') || 'github-actions[bot]';
    const email = clean(process.env[`GIT_${kind}_EMAIL`] ?? '') || '41898282+github-actions[bot]@users.noreply.github.com';
    return `${name} <${email}>`;
}
class DataRepo {
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
        const root = tempRoot || (0,external_node_os_.tmpdir)();
        // Clones left behind by a crashed run on this runner (a self-hosted runner keeps RUNNER_TEMP): swept first.
        await sweepStaleClones(root);
        const dir = await (0,promises_.mkdtemp)((0,external_node_path_.join)(root, `${CLONE_PREFIX}${process.pid}-`));
        hookExit();
        liveClones.add(dir);
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
    static adopt(dir, remoteUrl, branch, token, inbox, fetched) {
        hookExit();
        liveClones.add(dir);
        const repo = new DataRepo(dir, branch, authEnv(remoteUrl, token), remoteUrl);
        const promise = fetched.then((result) => {
            repo.head = result.head;
            return result;
        });
        promise.catch(() => undefined);
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
    static LOCAL = 'refs/heads/flakeguard-write';
    /** The commit the fetch left at `ref`, from the ref file when git wrote one (no process), else from git. */
    async resolve(ref) {
        const loose = await (0,promises_.readFile)((0,external_node_path_.join)(this.dir, ref), 'utf8').catch(() => '');
        if (/^[0-9a-f]{40,64}\n?$/.test(loose))
            return loose.trim();
        return (await this.git(['rev-parse', '--verify', `${ref}^{commit}`])).trim();
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
        this.prefetched = undefined;
        if (early) {
            // Taken if it asked for as much (parked runs too, when asked): the branch as of a moment ago.
            if (early.inbox || !inbox)
                return early.promise;
            await early.promise.catch(() => undefined);
        }
        return this.fetchNow(inbox);
    }
    /**
     * Starts fetching now, for the next fetchWithInbox to take: the step parses its reports while git fetches. A failure
     * is reported by that call (which the caller retries as any fetch).
     */
    prefetch(inbox) {
        const promise = this.fetchNow(inbox);
        promise.catch(() => undefined);
        this.prefetched = { inbox, promise };
    }
    prefetched;
    /**
     * One round trip in the common case: the branch (and, with `inbox`, the parked runs) fetched by name. When that
     * fails (no branch yet, or any other error), the remote is listed first, as it always was (listThenFetch).
     */
    async fetchNow(inbox) {
        const prefix = inboxPrefix(this.branch);
        try {
            await this.fetchRefs([`+refs/heads/${this.branch}:${this.remoteRef}`, ...(inbox ? [`+${prefix}*:${DataRepo.INBOX}*`] : [])]);
        }
        catch {
            return this.listThenFetch(inbox);
        }
        this.head = await this.resolve(this.remoteRef);
        if (!inbox)
            return { head: this.head, parked: [] };
        // The parked runs as fetched (`--prune` dropped those gone from the remote), named as on the remote.
        const listing = await this.git(['for-each-ref', '--format=%(objectname) %(refname)', DataRepo.INBOX]);
        return { head: this.head, parked: parkedFrom(listing, (ref) => (ref.startsWith(DataRepo.INBOX) ? prefix + ref.slice(DataRepo.INBOX.length) : undefined)) };
    }
    /** Where parked runs are fetched to in the private repository. */
    static INBOX = 'refs/flakeguard-inbox/';
    async listThenFetch(inbox) {
        const prefix = inboxPrefix(this.branch);
        const patterns = [`refs/heads/${this.branch}`, ...(inbox ? [`${prefix}*`] : [])];
        const listing = await this.git(['ls-remote', this.remote, ...patterns]);
        const tip = listing
            .split('\n')
            .map((line) => line.trim().split(/\s+/))
            .find(([sha, ref]) => sha && ref === `refs/heads/${this.branch}`)?.[0];
        const parked = inbox ? parkedFrom(listing, (ref) => (ref.startsWith(prefix) ? ref : undefined)) : [];
        const refspecs = [...(tip ? [`+refs/heads/${this.branch}:${this.remoteRef}`] : []), ...(parked.length > 0 ? [`+${prefix}*:${DataRepo.INBOX}*`] : [])];
        if (refspecs.length > 0)
            await this.fetchRefs(refspecs);
        this.head = tip ? await this.resolve(this.remoteRef) : null;
        return { head: this.head, parked };
    }
    /** unpackLimit 1: the fetched pack is kept as it came (indexed), not unpacked into loose objects one by one. */
    async fetchRefs(refspecs) {
        await runGit(this.dir, ['fetch', '-q', '--no-tags', '--prune', '--depth=1', this.remote, ...refspecs], { env: withConfig(this.env, 'fetch.unpackLimit', '1') });
    }
    /** The commit last fetched (null: the branch does not exist yet). */
    head = null;
    /**
     * The files flakeguard owns (src/store/owned.ts) in the commit last fetched (path → text), read from git's object
     * store in two processes: the tree's listing, then their blobs in one batch. Regular files only, as a checkout would
     * give them; a person's files are never read.
     */
    async readFiles() {
        const files = new Map();
        let entries = (await this.treeEntries()).filter((e) => (0,owned/* isRegularFile */.Ze)(e.mode) && (0,owned/* ownsPath */.zq)(e.path));
        if (entries.length === 0)
            return files;
        // A data file above its size bound is not read: it is named as too large (parseSnapshot damages the branch).
        if (entries.some((e) => (e.size ?? 0) > (layout/* MAX_FILE_BYTES */.gZ.get(e.path) ?? Infinity))) {
            for (const e of entries)
                if ((e.size ?? 0) > (layout/* MAX_FILE_BYTES */.gZ.get(e.path) ?? Infinity))
                    (0,layout/* markTooLarge */.x)(files, e.path, e.size ?? 0);
            entries = entries.filter((e) => (e.size ?? 0) <= (layout/* MAX_FILE_BYTES */.gZ.get(e.path) ?? Infinity));
        }
        const byPath = new Map(entries.map((e) => [e.sha, e.path]));
        const shas = [...new Set(entries.map((e) => e.sha))];
        const texts = new Map();
        await catFileBatch(this.dir, shas, this.env, ({ sha, type, bytes }) => {
            if (type !== 'blob' || !byPath.has(sha))
                throw new GitError(`git cat-file gave '${sha} ${type}' for ${byPath.get(sha) ?? 'an object not asked for'}`, '', null);
            texts.set(sha, bytes.toString('utf8'));
        });
        for (const { sha, path } of entries) {
            const text = texts.get(sha);
            if (text === undefined)
                throw new GitError(`git cat-file gave nothing for ${path}`, '', null);
            files.set(path, text);
        }
        // Emptied, not just dropped: a stale reference to it (git's child process, a frame's slot) would hold every text.
        texts.clear();
        return files;
    }
    /**
     * The owned paths of the commit last fetched that are not what flakeguard writes there (a symbolic link, a
     * submodule, a folder; an owned folder that is not one), with what they are: never replaced (src/store/owned.ts).
     */
    async blockedPaths() {
        return (0,owned/* blockedPaths */.vx)(await this.treeEntries());
    }
    /** Every entry of the commit last fetched (none without a head): blobs and gitlinks, recursively. Remembered per head. */
    async treeEntries() {
        const head = this.head;
        if (!head)
            return [];
        if (this.tree?.head === head)
            return this.tree.entries;
        // -l: each blob's size, so that a file too large to read is known before it is read.
        const listing = await this.git(['ls-tree', '-r', '-z', '-l', '--full-tree', head]);
        const entries = [];
        for (const entry of listing.split('\0')) {
            if (!entry)
                continue;
            const tab = entry.indexOf('\t');
            const [mode, type, sha, size] = entry.slice(0, tab).split(/ +/);
            entries.push({ mode: mode, type: type, sha: sha, path: entry.slice(tab + 1), size: size === '-' ? 0 : Number(size) });
        }
        this.tree = { head, entries };
        return entries;
    }
    /**
     * Commits `files` as the new content of the paths flakeguard owns, on the tree of the commit last fetched, in one git
     * process (fast-import) that writes only what changed (compared with the tree's blobs by id). An owned path not in
     * `files` is deleted; every other entry of the tree (a person's files, links, submodules) is carried by its id and
     * mode, never read, and an owned path that is not a regular file (blockedPaths) is never replaced. Returns false when
     * nothing changed. With `root`, the commit has no parent: the branch's past is squashed away (compaction), its
     * content is not.
     */
    async commitFiles(files, message, options = {}) {
        for (const path of files.keys()) {
            if (!(0,owned/* ownsPath */.zq)(path))
                throw new GitError(`flakeguard writes only the paths it owns on the data branch, and ${path} is not one of them`, '', null);
        }
        const root = options.root === true || this.head === null;
        const entries = await this.treeEntries();
        const before = new Map(entries.map((e) => [e.path, e]));
        const blocked = (0,owned/* blockedPaths */.vx)(entries);
        const writable = (path) => !blocked.has(path) && !blocked.has(path.slice(0, Math.max(0, path.lastIndexOf('/'))));
        const changed = [...files].filter(([path, text]) => writable(path) && before.get(path)?.sha !== blobId(text));
        const deleted = entries.filter((e) => (0,owned/* ownsPath */.zq)(e.path) && (0,owned/* isRegularFile */.Ze)(e.mode) && !files.has(e.path)).map((e) => e.path);
        if (!root && changed.length === 0 && deleted.length === 0)
            return false;
        const chunks = [];
        const data = (text) => {
            chunks.push(`data ${Buffer.byteLength(text, 'utf8')}\n`, text, '\n');
        };
        const when = `${Math.floor(Date.now() / 1000)} +0000`;
        chunks.push(`commit ${DataRepo.LOCAL}\nmark :1\nauthor ${identity('AUTHOR')} ${when}\ncommitter ${identity('COMMITTER')} ${when}\n`);
        data(message);
        if (!root)
            chunks.push(`from ${this.head}\n`);
        // A fresh root starts from the head's whole tree (every entry, whatever its mode or name), not from nothing.
        else if (this.head)
            chunks.push(`M 040000 ${(await this.git(['rev-parse', '--verify', `${this.head}^{tree}`])).trim()} ""\n`);
        for (const path of deleted)
            chunks.push(`D ${quotePath(path)}\n`);
        for (const [path, text] of changed) {
            // An executable bit set on an owned file is kept.
            chunks.push(`M ${before.get(path)?.mode === '100755' ? '100755' : '100644'} inline ${quotePath(path)}\n`);
            data(text);
        }
        chunks.push('\ndone\n');
        const marks = (0,external_node_path_.join)(this.dir, 'flakeguard-marks');
        // zlib level 1: the branch's text compresses well at any level, and level 6 costs several times the CPU (issue #16).
        // unpackLimit 1: the pack is kept as written; below the default (100 objects, i.e. every write) git unpacks it
        // into loose objects in another process, compressing each again (~50 ms at 10k tests).
        // --depth=0: no deltas. fast-import would deltify each blob against the one written before it, another shard, which
        // shares little with it: at 100k tests that doubles its time (265–269 vs 121 ms) for a pack 1.3% smaller
        // (docs/benchmarks-archive.md#issue-16-work-in-proportion-to-what-changed, "`fast-import` writes without deltas").
        const env = withConfig(withConfig(this.env, 'core.compression', '1'), 'fastimport.unpackLimit', '1');
        await runGit(this.dir, ['fast-import', '--quiet', '--done', '--force', '--depth=0', `--export-marks=${marks}`], { env, input: chunks });
        const mark = /^:1 ([0-9a-f]+)/m.exec(await (0,promises_.readFile)(marks, 'utf8'));
        if (!mark)
            throw new GitError('git fast-import wrote no commit', '', null);
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
        if (names.length === 0)
            return [];
        const listing = (await runGit(this.dir, ['cat-file', '--batch-check'], { env: this.env, input: `${names.join('\n')}\n` })).split('\n');
        const found = names.map((_, i) => {
            const [sha, type, size] = (listing[i] ?? '').split(' ');
            return type === 'blob' && sha && /^\d+$/.test(size ?? '') ? { sha, size: Number(size) } : undefined;
        });
        let total = 0;
        let deferFrom = parked.length;
        for (let i = 0; i < parked.length; i++) {
            const size = found[2 * i]?.size ?? 0;
            if (size > maxBytes)
                continue;
            if (i > 0 && total + size > budget) {
                deferFrom = i;
                break;
            }
            total += size;
        }
        const wanted = [...new Set(found.filter((f, i) => f !== undefined && i < 2 * deferFrom && f.size <= (i % 2 === 0 ? maxBytes : 4096)).map((f) => f.sha))];
        const texts = new Map();
        if (wanted.length > 0)
            await catFileBatch(this.dir, wanted, this.env, ({ sha, bytes }) => void texts.set(sha, bytes.toString('utf8')));
        return parked.map((_, i) => {
            if (i >= deferFrom)
                return { deferred: true };
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
    async setAsideParked(parked) {
        const prefix = inboxPrefix(this.branch);
        const moved = new Map();
        let error;
        for (let at = 0; at < parked.length; at += 100) {
            const chunk = parked.slice(at, at + 100);
            const aside = new Map(chunk.map((p) => [p.ref, `${refusedPrefix(this.branch)}${p.ref.slice(prefix.length)}-${p.sha.slice(0, 12)}`]));
            const args = ['push', '-q', '--porcelain', '--atomic', ...chunk.map((p) => `--force-with-lease=${p.ref}:${p.sha}`), this.remote];
            for (const p of chunk)
                args.push(`+${p.sha}:${aside.get(p.ref)}`, `:${p.ref}`);
            try {
                await this.git(args);
                for (const [ref, to] of aside)
                    moved.set(ref, to);
            }
            catch (failure) {
                error ??= pushMessage(failure instanceof GitError ? `${failure.stdout}\n${failure.stderr}\n${failure.message}` : String(failure));
            }
        }
        return { moved, ...(error !== undefined ? { error } : {}) };
    }
    /**
     * Parks a run: pushes a root commit holding only its parcel as a new branch under the inbox prefix. The name is
     * the run's own (run key and attempt), so no other writer pushes it and the push cannot lose a race.
     */
    async park(name, text, message, seal) {
        const ref = `${inboxPrefix(this.branch)}${name}`;
        try {
            const blob = (await runGit(this.dir, ['hash-object', '-w', '--stdin'], { env: this.env, input: text })).trim();
            let entries = `100644 blob ${blob}\t${PARCEL_FILE}\n`;
            if (seal !== undefined)
                entries += `100644 blob ${(await runGit(this.dir, ['hash-object', '-w', '--stdin'], { env: this.env, input: seal })).trim()}\t${SEAL_FILE}\n`;
            const tree = (await runGit(this.dir, ['mktree'], { env: this.env, input: entries })).trim();
            const commit = (await this.git([...IDENTITY, 'commit-tree', tree, '-m', message])).trim();
            try {
                await this.git(['push', '-q', '--porcelain', this.remote, `${commit}:${ref}`]);
                return { pushed: true, commit, ref };
            }
            catch (error) {
                // Parked before (the same attempt ran this step twice): the parcel is there, which is all that matters.
                const listing = await this.git(['ls-remote', this.remote, ref]).catch(() => '');
                if (listing.trim() !== '')
                    return { pushed: true, commit: listing.trim().split(/\s+/)[0], ref };
                throw error;
            }
        }
        catch (error) {
            const stderr = error instanceof GitError ? `${error.stdout}\n${error.stderr}\n${error.message}` : String(error);
            return { pushed: false, rejected: isLostRace(stderr), permanent: isPermanentRefusal(stderr), message: pushMessage(stderr), ref };
        }
    }
    /** Deletes folded parked runs, each only if it still points where it did when read. Returns the refs deleted. */
    async deleteParked(parked) {
        if (parked.length === 0)
            return { deleted: [] };
        const args = ['push', '-q', '--porcelain', ...parked.map((p) => `--force-with-lease=${p.ref}:${p.sha}`), this.remote, ...parked.map((p) => `:${p.ref}`)];
        try {
            await this.git(args);
            return { deleted: parked.map((p) => p.ref) };
        }
        catch (error) {
            // Some were deleted by another writer meanwhile (or by this push): what is gone is folded, whoever deleted it.
            const left = await this.git(['ls-remote', this.remote, ...parked.map((p) => p.ref)]).catch(() => undefined);
            const message = (error instanceof GitError ? error.stderr : String(error)).trim().split('\n').slice(-2).join(' ');
            if (left === undefined)
                return { deleted: [], error: message };
            const still = new Set(left
                .split('\n')
                .map((l) => l.trim().split(/\s+/)[1])
                .filter(Boolean));
            return { deleted: parked.filter((p) => !still.has(p.ref)).map((p) => p.ref), ...(still.size > 0 ? { error: message } : {}) };
        }
    }
    /**
     * Pushes the commit commitFiles wrote as the branch; a non-fast-forward is reported as rejected so the caller
     * can retry. With `replacing`, the commit is a fresh root that replaces exactly that head: `--force-with-lease`
     * makes the push fail, rather than overwrite, when another writer moved the branch meanwhile.
     */
    async push(options = {}) {
        const args = ['push', '-q', '--porcelain', this.remote, `${DataRepo.LOCAL}:refs/heads/${this.branch}`];
        if (options.replacing)
            args.splice(3, 0, `--force-with-lease=refs/heads/${this.branch}:${options.replacing}`);
        try {
            // Whole objects: the history shards change every run, a delta search would cost more than it saves.
            await runGit(this.dir, args, { env: withConfig(this.env, 'pack.window', '0') });
            return { pushed: true, commit: this.written ?? (await this.git(['rev-parse', DataRepo.LOCAL])).trim() };
        }
        catch (error) {
            const stderr = error instanceof GitError ? `${error.stdout}\n${error.stderr}\n${error.message}` : String(error);
            const permanent = isPermanentRefusal(stderr);
            return { pushed: false, rejected: !permanent && isLostRace(stderr), permanent, message: pushMessage(stderr) };
        }
    }
    async dispose() {
        await this.prefetched?.promise.catch(() => undefined);
        await (0,promises_.rm)(this.dir, { recursive: true, force: true });
        liveClones.delete(this.dir);
    }
}
/** The URL of the workspace's `origin` remote. */
async function originUrl(workspace) {
    return (await runGit(workspace, ['remote', 'get-url', 'origin'])).trim();
}


/***/ })

};
