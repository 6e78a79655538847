export const id = 98;
export const ids = [98];
export const modules = {

/***/ 98:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  isRemoteUrl: () => (/* binding */ isRemoteUrl),
  readDataBranch: () => (/* binding */ readDataBranch),
  remoteOf: () => (/* binding */ remoteOf),
  statsLineOf: () => (/* binding */ statsLineOf),
  writeOverride: () => (/* binding */ writeOverride)
});

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(760);
// EXTERNAL MODULE: ./src/store/git.ts + 3 modules
var git = __webpack_require__(668);
// EXTERNAL MODULE: ./src/store/layout.ts + 1 modules
var layout = __webpack_require__(900);
// EXTERNAL MODULE: ./src/store/snapshot.ts + 7 modules
var store_snapshot = __webpack_require__(984);
;// CONCATENATED MODULE: ./src/store/sync.ts
/**
 * Optimistic concurrency on the data branch: fetch the head, apply this run, push; when another writer got
 * there first, fetch its head and apply this run again on top (with the latest hand edits), after a jittered
 * backoff. Retrying alone cannot land every run when many jobs finish at once, so after a few lost races a writer
 * **parks** its run: it pushes its results as a branch of its own under the inbox prefix (`<data branch>-inbox/`),
 * which no other writer pushes, so that push cannot lose a race. Every writer **folds** the parked runs it finds
 * into the history before its own run, in the order they were parked, and deletes their branches once its write
 * landed. Ingestion keys make a fold count once however many writers fold the same parcel (docs/data-branch.md).
 */



/** Fetches the branch (and its inbox, with `inbox`) and reads its files. */
async function readBranchFiles(repo, inbox) {
    const { head, parked } = await repo.fetchWithInbox(inbox);
    const files = await repo.readFiles();
    return { head, parked, files, blocked: await repo.blockedPaths() };
}
/** Lost races before a writer parks its run: small, so that the attempts per job stay flat however many jobs race. */
const PARK_AFTER_LOST_RACES = 3;
/** Parked runs folded in by one write, oldest first; the rest are folded by the next writers. */
const MAX_FOLDED_PER_WRITE = 64;
/** Parked runs read at a time (two git processes each batch): every parked run is read, a batch at a time. */
const PARCEL_READ_BATCH = 256;
/** A parcel file larger than this is not read (left in place): 256 shards of 2,000 tests fit well below it. */
const MAX_PARCEL_BYTES = 256 * 1024 * 1024;
/** Parcel bytes read at a time, and admitted for one write: beyond them, the next batch, or the next writers. */
const MAX_PARCEL_BYTES_PER_WRITE = 512 * 1024 * 1024;
const defaultSleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Pushes of one parcel before its run counts as not saved (the first and its retries). */
const PARK_TRIES = 3;
function backoffMs(attempt, random) {
    const base = Math.min(8000, 250 * 2 ** (attempt - 1));
    return Math.round(base * (0.5 + random()));
}
/** Parked runs this write folded in (docs/data-branch.md, "Many writers"). */
function foldedLine(folded) {
    if (!folded?.length)
        return '';
    const shown = folded.slice(0, 5).join(', ');
    return ` Folded in ${folded.length} parked run${folded.length === 1 ? '' : 's'}: ${shown}${folded.length > 5 ? ', …' : ''}.`;
}
const sync_short = (ref) => ref.replace(/^refs\/heads\//, '');
/**
 * Reads every parked run, in name order and a batch at a time, until MAX_FOLDED_PER_WRITE are admitted: a parcel
 * that is refused or left never takes the place of a later one. Refused ones are moved aside (each once per step).
 * Returns the admitted parcels, oldest first.
 */
async function scanInbox(repo, inbox, parked, admitted, log, warn) {
    const accepted = [];
    const refuse = [];
    let left = 0;
    let at = 0;
    let bytes = 0;
    const room = () => accepted.length < MAX_FOLDED_PER_WRITE && bytes < MAX_PARCEL_BYTES_PER_WRITE;
    while (at < parked.length && room()) {
        const batch = parked.slice(at, at + PARCEL_READ_BATCH);
        const files = await repo.readParcels(batch, MAX_PARCEL_BYTES, MAX_PARCEL_BYTES_PER_WRITE - bytes);
        for (let i = 0; i < batch.length && room(); i++, at++) {
            const p = batch[i];
            const id = `${p.ref} ${p.sha}`;
            const read = files[i];
            if (read.deferred)
                break; // read with the next batch
            const known = admitted.get(id);
            const verdict = known ?? (read.text === undefined ? missing(read) : await inbox.admit({ ...p, ...read }));
            admitted.set(id, verdict);
            if (verdict.verdict === 'fold') {
                accepted.push({ ...p, text: read.text });
                bytes += Buffer.byteLength(read.text, 'utf8');
            }
            else if (known)
                continue;
            else if (verdict.verdict === 'refuse') {
                refuse.push(p);
                log(`Parked run ${sync_short(p.ref)} is refused (${verdict.reason}); moved aside to ${sync_short((0,git/* refusedPrefix */.bw)(repo.branch))}, never counted.`);
            }
            else {
                left++;
                log(`Parked run ${sync_short(p.ref)} is left in place (${verdict.reason}); it is not counted and holds up no other.`);
            }
        }
    }
    // Uncounted parked runs are results nobody sees unless told: one warning a write says how many and where to look.
    if (refuse.length > 0 || left > 0) {
        const parts = [...(refuse.length > 0 ? [`${refuse.length} refused`] : []), ...(left > 0 ? [`${left} left in place, not counted`] : [])];
        warn(`Parked runs on ${sync_short((0,git/* inboxPrefix */.r6)(repo.branch))}: ${parts.join(', ')} (the log names each and says why; docs/data-branch.md, "Parcels carry provenance").`);
    }
    if (at < parked.length)
        log(`${parked.length - at} more parked run${parked.length - at === 1 ? '' : 's'} wait for the next writers.`);
    if (refuse.length > 0) {
        const { error } = await repo.setAsideParked(refuse);
        if (error)
            log(`Could not move the refused parked runs aside (${error}); they stay where they are, refused again by every writer, never counted.`);
    }
    return accepted;
}
/** A parked run whose parcel file could not be read. */
function missing(read) {
    if (read.bytes !== undefined)
        return { verdict: 'leave', reason: `its parcel holds ${read.bytes} bytes, more than ${MAX_PARCEL_BYTES} this version reads` };
    return { verdict: 'refuse', reason: 'it holds no flakeguard-parcel.json' };
}
async function syncRun(repo, 
/**
 * `files` is the branch's text, path → text, as read (null when it could not be read, or when parked runs were folded
 * into the snapshot): hand-edit tools change one line of it.
 */
apply, options) {
    const sleep = options.sleep ?? defaultSleep;
    const random = options.random ?? Math.random;
    const log = options.log ?? (() => undefined);
    const warn = options.warn ?? log;
    const inbox = options.readOnly ? undefined : options.inbox;
    const parkAfter = Math.max(1, options.parkAfter ?? PARK_AFTER_LOST_RACES);
    let lastError = '';
    let lastApplied;
    let lostRaces = 0;
    /** What each parked run (ref and commit) was judged, so that a retry neither checks nor logs it again. */
    const admitted = new Map();
    const park = async (tries, why, historyRead = true) => {
        const parcel = inbox.parcel(lastApplied);
        let parked = await repo.park(parcel.name, parcel.text, `flakeguard: parked run (${why})`, parcel.seal);
        // Parking is the last place a run's results can go: a push that failed (a reset connection, a server at its
        // connection limit) is tried again after a backoff. A parcel's ref is its own, so a retry cannot race a writer.
        for (let retry = 1; !parked.pushed && retry < PARK_TRIES; retry++) {
            log(`Parking on ${sync_short(parked.ref)} failed (${parked.message}); trying again (${retry + 1}/${PARK_TRIES}).`);
            await sleep(backoffMs(retry, random));
            parked = await repo.park(parcel.name, parcel.text, `flakeguard: parked run (${why})`, parcel.seal);
        }
        if (parked.pushed) {
            log(`Parked this run's results on ${sync_short(parked.ref)} (${why}); the next writer of ${repo.branch} folds them in.`);
            return { applied: lastApplied, status: { kind: 'parked', ref: sync_short(parked.ref), tries, reason: why }, historyRead };
        }
        const reason = `${why}, and parking the results on ${sync_short(parked.ref)} failed too: ${parked.message}`;
        return { applied: lastApplied, status: { kind: 'not-saved', reason }, historyRead };
    };
    /** A run whose history cannot be saved is parked when there is an inbox (else it is not saved; the caller fails it). */
    const notSaved = (tries, reason, historyRead = true) => inbox ? park(tries, reason, historyRead) : { applied: lastApplied, status: { kind: 'not-saved', reason }, historyRead };
    const deleteFolded = async (folded) => {
        if (folded.length === 0)
            return [];
        const { deleted, error } = await repo.deleteParked(folded);
        log(`Folded ${folded.length} parked run${folded.length === 1 ? '' : 's'} into ${repo.branch}: ${folded.map((p) => sync_short(p.ref)).join(', ')}.`);
        if (error)
            log(`Could not delete every folded branch (${error}); the next writer deletes them (they count once).`);
        return deleted.map(sync_short);
    };
    for (let attempt = 1; attempt <= options.attempts; attempt++) {
        let head;
        let parked;
        let snapshot;
        let files;
        let blocked;
        try {
            ({ head, parked, files, blocked } = await (attempt === 1 && options.firstRead ? options.firstRead : readBranchFiles(repo, inbox !== undefined)));
        }
        catch (error) {
            lastError = `could not fetch the data branch '${repo.branch}': ${error instanceof Error ? error.message : String(error)}`;
            log(`Try ${attempt}/${options.attempts}: ${lastError}`);
            if (attempt < options.attempts)
                await sleep(backoffMs(attempt, random));
            continue;
        }
        // Reading what was fetched is not retried: the same texts read again fail again. parseSnapshot never throws: a file
        // whose reading throws (a failed allocation, a stack overflow) is a damage naming it.
        snapshot = (0,store_snapshot/* parseSnapshot */.E$)(files, blocked);
        if (options.readOnly)
            return { applied: apply(snapshot, files), status: { kind: 'read-only', head }, historyRead: true };
        const damaged = (0,store_snapshot/* damageReason */.MD)(snapshot);
        if (damaged) {
            // Fail closed: never write a branch that could not be fully read. Park the results so that the first write
            // after the fix folds them in; they are in the results file as well.
            lastApplied = apply(snapshot, files);
            if (inbox) {
                const result = await park(attempt, 'the data branch is damaged');
                if (result.status.kind === 'parked')
                    return { ...result, status: { kind: 'not-saved', reason: damaged, parked: result.status.ref } };
            }
            return { applied: lastApplied, status: { kind: 'not-saved', reason: damaged }, historyRead: true };
        }
        let base = snapshot;
        let folded = [];
        if (inbox && parked.length > 0) {
            const accepted = await scanInbox(repo, inbox, parked, admitted, log, warn);
            const result = inbox.fold(snapshot, accepted);
            for (const r of result.refused)
                log(`Parked run ${sync_short(r.ref)} cannot be folded in (${r.reason}); it is left in place.`);
            base = result.snapshot;
            folded = result.folded;
        }
        if (options.releaseTexts)
            for (const path of [...files.keys()])
                if (path.startsWith(layout/* HISTORY_DIR */.rE))
                    files.delete(path);
        const applied = apply(base, base === snapshot && !options.releaseTexts ? files : null);
        lastApplied = applied;
        try {
            if (options.extraFiles)
                for (const [path, text] of await options.extraFiles(files))
                    if (!applied.files.has(path))
                        applied.files.set(path, text);
            // The texts read are not needed any more (the write compares blob ids): let them go before the write.
            files = new Map();
            snapshot = base = (0,store_snapshot/* emptySnapshot */.WX)();
            const compact = applied.compact === true && head !== null;
            const message = compact ? `${options.commitMessage}\n\nCompacted: the branch's earlier commits were squashed into this one.` : options.commitMessage;
            const changed = await repo.commitFiles(applied.files, folded.length > 0 ? `${message}\n\nFolded in ${folded.length} parked run${folded.length === 1 ? '' : 's'}.` : message, { root: compact });
            if (!changed) {
                const deleted = await deleteFolded(folded);
                return { applied, status: { kind: 'unchanged', head, ...(deleted.length ? { folded: deleted } : {}) }, historyRead: true };
            }
            await options.beforePush?.();
            const pushing = repo.push({ replacing: compact ? head : null });
            try {
                options.whilePushing?.(applied);
            }
            catch {
                // the caller's own work, redone by the caller when it needs it
            }
            const pushed = await pushing;
            if (pushed.pushed) {
                const deleted = await deleteFolded(folded);
                return { applied, status: { kind: 'pushed', commit: pushed.commit, tries: attempt, compacted: compact, ...(deleted.length ? { folded: deleted } : {}) }, historyRead: true };
            }
            if (pushed.permanent) {
                const reason = `the remote refused the push for good, so it was not retried (${pushed.message})`;
                log(`Try ${attempt}/${options.attempts}: ${reason}`);
                return notSaved(attempt, reason);
            }
            if (pushed.rejected) {
                lostRaces++;
                lastError = `the data branch moved while this run was writing (${pushed.message})`;
                if (inbox && lostRaces >= parkAfter) {
                    log(`Try ${attempt}/${options.attempts}: ${lastError}`);
                    return park(attempt, `${lostRaces} other writer${lostRaces === 1 ? '' : 's'} got there first`);
                }
            }
            else {
                lastError = `push failed: ${pushed.message}`;
            }
        }
        catch (error) {
            lastError = `could not write the data branch: ${error instanceof Error ? error.message : String(error)}`;
        }
        log(`Try ${attempt}/${options.attempts}: ${lastError}`);
        if (attempt < options.attempts)
            await sleep(backoffMs(attempt, random));
    }
    if (lastApplied) {
        if (inbox && lostRaces > 0)
            return park(options.attempts, `${options.attempts} tries, ${lostRaces} lost to other writers`);
        return notSaved(options.attempts, lastError);
    }
    // The branch could never be read: decide without history, which forgives nothing; the results are parked.
    lastApplied = apply((0,store_snapshot/* emptySnapshot */.WX)(), null);
    return notSaved(options.attempts, lastError, false);
}
/** Why a run's results were neither saved nor parked, or undefined when they are safe (docs/data-branch.md). */
function lostReason(status, branch) {
    if (status.kind !== 'not-saved' || status.parked)
        return undefined;
    return `The history was NOT saved to ${branch}: ${status.reason.replace(/\.?$/, '.')} This run's results are only in its results file (output results-file): the run fails, so that they are not lost unseen.`;
}

// EXTERNAL MODULE: ./src/cli/override.ts
var override = __webpack_require__(648);
;// CONCATENATED MODULE: ./src/cli/data.ts
/**
 * The CLI's adapter to the data branch: read it once (explain), or change one override and push it with the
 * step's own optimistic concurrency (src/store/sync.ts): a push refused because another writer moved the branch
 * fetches the new head and makes the same edit again on top of it, so no concurrent write is ever lost.
 */






/** A URL git understands (`https://…`, `ssh://…`, `file://…`, or scp-like `git@host:path`), as opposed to a path. */
function isRemoteUrl(remote) {
    return /^[a-z][a-z0-9+.-]*:\/\//i.test(remote) || /^[^/\s@]+@[^/\s:]+:/.test(remote);
}
async function remoteOf(options) {
    if (options.remote)
        return (0,external_node_path_.isAbsolute)(options.remote) || isRemoteUrl(options.remote) ? options.remote : (0,external_node_path_.resolve)(options.cwd, options.remote);
    try {
        return await (0,git/* originUrl */.sH)(options.cwd);
    }
    catch {
        throw new override/* CliError */.z1(`No --remote given and ${options.cwd} is not a git repository with an 'origin' remote: say where the data branch is with --remote <url or path>.`);
    }
}
/** The 1-based line of a test in its stats file, when it has one. */
function statsLineOf(files, snapshot, id) {
    const path = (0,store_snapshot/* statsFileOf */.no)(snapshot, id);
    const text = files.get(path);
    return text === undefined ? undefined : (0,layout/* parseLineObject */.N)(path, text, 'tests').value?.lineOf(id);
}
/**
 * A hand edit is the person's: their git identity (user.name and user.email, as git would find them here) is the
 * commit's author; the committer stays the action's bot, as for every write to the data branch.
 */
async function authorFromGitConfig(cwd) {
    const get = async (key) => (await (0,git/* runGit */.EO)(cwd, ['config', '--get', key]).catch(() => '')).trim();
    const [name, email] = [await get('user.name'), await get('user.email')];
    if (name && !process.env.GIT_AUTHOR_NAME)
        process.env.GIT_AUTHOR_NAME = name;
    if (email && !process.env.GIT_AUTHOR_EMAIL)
        process.env.GIT_AUTHOR_EMAIL = email;
}
async function readDataBranch(options) {
    const remote = await remoteOf(options);
    const repo = await git/* DataRepo */.nV.open(remote, options.branch, options.token ?? '');
    try {
        let head;
        try {
            head = await repo.fetchAndReset();
        }
        catch (error) {
            throw new override/* CliError */.z1(`Could not fetch '${options.branch}' from ${remote}: ${error instanceof Error ? error.message : String(error)}`);
        }
        if (head === null)
            throw new override/* CliError */.z1(`${remote} has no branch '${options.branch}' yet: flakeguard creates it on its first run.`);
        const files = await repo.readFiles();
        return { snapshot: (0,store_snapshot/* parseSnapshot */.E$)(files, await repo.blockedPaths()), files, head, remote };
    }
    finally {
        await repo.dispose();
    }
}
async function writeOverride(options, query, value, describe) {
    const remote = await remoteOf(options);
    await authorFromGitConfig(options.cwd);
    const repo = await git/* DataRepo */.nV.open(remote, options.branch, options.token ?? '');
    const tries = [];
    try {
        let edit;
        const sync = await syncRun(repo, (snapshot, files) => {
            if (files === null)
                throw new override/* CliError */.z1(`Could not read '${options.branch}' from ${remote}: ${tries.at(-1) ?? 'unknown error'}`);
            if (files.size === 0)
                throw new override/* CliError */.z1(`${remote} has no branch '${options.branch}' yet: flakeguard creates it on its first run.`);
            edit = (0,override/* editOverride */.LD)(files, snapshot, query, value);
            return { files: edit.files };
        }, {
            attempts: options.attempts,
            readOnly: false,
            // The message is computed once the test is known; the first apply names it.
            get commitMessage() {
                return edit ? describe(edit.id) : 'flakeguard: hand edit';
            },
            log: (message) => {
                tries.push(message);
                options.log(message);
            },
        });
        if (sync.status.kind === 'not-saved')
            throw new override/* CliError */.z1(`The edit was NOT saved: ${sync.status.reason}`);
        return { edit: edit, status: sync.status, remote };
    }
    finally {
        await repo.dispose();
    }
}


/***/ })

};
