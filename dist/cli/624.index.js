export const id = 624;
export const ids = [624];
export const modules = {

/***/ 624:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  explainTest: () => (/* binding */ explainTest)
});

// EXTERNAL MODULE: ./src/store/layout.ts + 1 modules
var layout = __webpack_require__(900);
// EXTERNAL MODULE: ./src/store/snapshot.ts + 7 modules
var store_snapshot = __webpack_require__(984);
// EXTERNAL MODULE: ./src/text/escape.ts
var text_escape = __webpack_require__(388);
;// CONCATENATED MODULE: ./src/report/scores.ts
/**
 * What the report shows of a test's scores, read from the score record the pipeline writes into the stats file
 * (`tier`, `pfs: [pf, pfLow, pfHigh]`, `score`; see statsScores in src/pipeline/stats-scores.ts). Pure.
 */
const num = (x) => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);
function scoreViewOf(record) {
    if (!record)
        return undefined;
    const pfs = Array.isArray(record['pfs']) ? record['pfs'] : [];
    const view = {
        tier: typeof record['tier'] === 'string' ? record['tier'] : undefined,
        pf: num(pfs[0]),
        pfLow: num(pfs[1]),
        pfHigh: num(pfs[2]),
        score: num(record['score']),
        flipRate: num(record['flipRate']),
        successRate: num(record['successRate']),
        thresholded: num(record['thresholded']),
        recommendation: typeof record['recommendation'] === 'string' ? record['recommendation'] : undefined,
    };
    return view;
}
/** `0.53 [0.21, 0.81]`, or '' when unknown. */
function formatPfs(s) {
    if (!s || s.pf === undefined)
        return '';
    const f = (x) => x.toFixed(2);
    return s.pfLow !== undefined && s.pfHigh !== undefined ? `${f(s.pf)} [${f(s.pfLow)}, ${f(s.pfHigh)}]` : f(s.pf);
}
/** The policy's recent outcomes (P passed, R passed on retry, F failed) as symbols, oldest first. */
function symbols(recent) {
    let out = '';
    for (const c of recent)
        out += c === 'F' ? '✗' : c === 'R' ? '↻' : '✓';
    return out;
}
const SYMBOLS_LEGEND = '✓ passed · ↻ passed on retry · ✗ failed';
/** A lazy view over the pipeline's score records: only the tests shown are converted. */
function scoreLookup(records) {
    return {
        get: (id) => scoreViewOf(records?.get(id)),
        pf: (id) => {
            const pfs = records?.get(id)?.['pfs'];
            return Array.isArray(pfs) ? num(pfs[0]) : undefined;
        },
    };
}
/**
 * The active rule's own measure of a test (docs/rules.md), for a column headed by `ruleColumn`: the number that
 * rule decides on, so that the summary never shows a label of another method beside the decision. Undefined for
 * the evidence and pfs rules (the PFS column is shown anyway; the evidence is in the reason).
 */
function ruleColumn(rule) {
    switch (rule) {
        case 'flip-rate':
            return 'Flip-rate (tier), the rule';
        case 'success-rate':
            return 'Success rate, the rule';
        case 'multi-factor':
            return 'Multi-factor score, the rule';
        case 'thresholded':
            return 'Thresholded flakiness, the rule';
        default:
            return undefined;
    }
}
function ruleMeasure(rule, s) {
    const f = (x) => (x === undefined ? '—' : x.toFixed(2));
    switch (rule) {
        case 'flip-rate':
            return s?.tier ? `${f(s.flipRate)} (${s.tier})` : '—';
        case 'success-rate':
            return f(s?.successRate);
        case 'multi-factor':
            return s?.score === undefined ? '—' : `${f(s.score)} (${s.recommendation ?? '—'})`;
        case 'thresholded':
            return f(s?.thresholded);
        default:
            return '';
    }
}

// EXTERNAL MODULE: ./src/cli/override.ts
var override = __webpack_require__(648);
;// CONCATENATED MODULE: ./src/cli/explain.ts
/**
 * `flakeguard explain <test>`: one test as the data branch knows it (where its line is, its state and why, its
 * hand override, its scores, its recent runs), in plain terminal text. Pure: a snapshot in, lines out.
 */





const t = (untrusted, max = 300) => (0,text_escape/* plainText */.wh)(String(untrusted), max, true);
const explain_num = (x) => (typeof x === 'number' ? x.toFixed(2) : '—');
function attemptsText(attempts) {
    const word = { P: 'passed', F: 'failed', E: 'error', S: 'skipped' };
    return [...attempts].map((c) => word[c] ?? c).join(', then ');
}
function explainTest(snapshot, query, options) {
    const id = (0,override/* resolveTest */.Vb)(snapshot, query);
    const path = (0,store_snapshot/* statsFileOf */.no)(snapshot, id);
    const stats = snapshot.stats.get(id);
    const stored = snapshot.overrides.get(id);
    const history = snapshot.history.get(id);
    const out = [t(id, 1000), ''];
    const line = stored?.line ?? options.line?.(id);
    out.push(`Stats line: ${path}${line ? `:${line}` : ''} on the data branch '${t(options.dataBranch)}'.`);
    if (snapshot.brokenStats.has(path)) {
        const problem = snapshot.problems.find((p) => p.file === path);
        out.push(`That file is BROKEN (${t(problem?.message ?? 'unreadable')}${problem?.line ? `, line ${problem.line}` : ''}): it forgives nothing until fixed.`);
    }
    if (stats) {
        const since = stats.since ? ` since ${t(stats.since, 40)}` : '';
        out.push(`State: ${stats.quarantined ? `QUARANTINED${since}` : `not quarantined${since}`}.`);
        if (stats.reason)
            out.push(`Why: ${t(stats.reason, 600)}.`);
    }
    else if (!snapshot.brokenStats.has(path)) {
        out.push('State: no stats line yet (the test has not run since flakeguard started recording it).');
    }
    if (stored) {
        const o = stored.override;
        const details = [o.reason ? `reason: ${t(o.reason)}` : '', o.until ? `until ${t(o.until, 40)}` : ''].filter(Boolean).join(', ');
        const lapsed = (0,layout/* overrideExpired */.WL)(o, options.now) ? ' — LAPSED: the policy decides again' : '';
        out.push(`Hand override: "${o.action}"${details ? ` (${details})` : ''}${lapsed}.`);
    }
    else {
        out.push('Hand override: none (the policy decides). `flakeguard quarantine` or `flakeguard release` sets one.');
    }
    if (stats) {
        const view = scoreViewOf(stats);
        const pfs = formatPfs(view);
        const parts = [
            pfs ? `PFS ${pfs} (probability that a run fails for no reason, 90% interval)` : '',
            view?.tier ? `tier ${t(view.tier, 20)}` : '',
            view?.score !== undefined ? `score ${view.score.toFixed(2)}` : '',
            typeof stats.flipRate === 'number' ? `flip rate ${explain_num(stats.flipRate)}` : '',
            typeof stats.successRate === 'number' ? `success rate ${explain_num(stats.successRate)}` : '',
        ].filter(Boolean);
        if (parts.length > 0)
            out.push(`Scores: ${parts.join(' · ')}.`);
        if (typeof stats.recent === 'string' && stats.recent !== '')
            out.push(`Recent runs, oldest to newest: ${symbols(stats.recent)}  (${SYMBOLS_LEGEND})`);
    }
    if (history && history.runs.length > 0) {
        const shown = history.runs.slice(-(options.runs ?? 20));
        const seqOf = new Map();
        for (const [key, row] of snapshot.runs)
            seqOf.set(key, row);
        out.push('', `History (${history.runs.length} run${history.runs.length === 1 ? '' : 's'} kept; the last ${shown.length}, newest last):`);
        for (const r of shown) {
            const row = seqOf.get(r.run);
            const when = new Date(r.time)
                .toISOString()
                .replace(/:\d\d\.\d+Z$/, 'Z')
                .replace('T', ' ');
            const where = r.onDefaultBranch ? 'default branch' : 'other branch';
            const message = r.message ? `: ${t(r.message, 160)}` : '';
            const outage = r.outage ? ' (in an outage: not evidence)' : '';
            out.push(`  run ${row ? `#${row.seq}` : t(r.run, 60)}  ${when}  ${t(r.sha.slice(0, 10), 10)}  ${where}  ${attemptsText(r.attempts)}${outage}${message}`);
            if (row?.url)
                out.push(`      ${t(row.url, 300)}`);
        }
    }
    else {
        out.push('', 'History: none kept.');
    }
    return `${out.join('\n')}\n`;
}


/***/ }),

/***/ 388:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   wh: () => (/* binding */ plainText)
/* harmony export */ });
/* unused harmony exports registerSecret, redact, truncate, truncateBytes, mdText, mdPre, logText, defuseLegacy, commandText */
/**
 * Test names, messages and stack traces come from pull requests. Everything untrusted goes through one of
 * these before it reaches a log line, a summary, a check run or an issue.
 *
 * - `mdText` / `mdPre`: markdown and HTML (job summary, check-run summary): every character markdown or HTML
 *   could act on becomes an entity, so the text renders as itself and nothing else (no table break, no tag,
 *   no link, no image, no mention).
 * - `logText`: a plain log line: one line, control characters shown as `\xHH`, nothing the runner reads as a command.
 * - `plainText`: annotation titles and messages (plain text on GitHub): control characters shown as `\xHH`, no
 *   bidi or other invisible characters.
 * Every one of them also hides the registered secrets.
 */
const HTML_ENTITIES = {
    '&': '&amp;',
    '<': '&lt;',
    '>': '&gt;',
    '"': '&quot;',
    "'": '&#39;',
    '|': '&#124;',
    '`': '&#96;',
    '[': '&#91;',
    ']': '&#93;',
    '(': '&#40;',
    ')': '&#41;',
    '*': '&#42;',
    _: '&#95;',
    '~': '&#126;',
    '#': '&#35;',
    '!': '&#33;',
    '\\': '&#92;',
    '@': '&#64;',
    ':': '&#58;',
    '=': '&#61;',
    '+': '&#43;',
    '-': '&#45;',
    '{': '&#123;',
    '}': '&#125;',
    '%': '&#37;',
    $: '&#36;',
    '^': '&#94;',
};
const MARKDOWN_SPECIAL = /[&<>"'|`[\]()*_~#!\\@:=+\-{}%$^]/;
/**
 * Control characters (C0 but tab, newline and CR; DEL; C1) are shown as `\xHH`: a test named with a NUL or an ANSI
 * colour stays visible and tells apart from its namesake without them. Invisible format characters (soft hyphen,
 * zero-width and direction marks, bidi overrides, BOM, interlinear annotations) are dropped.
 */
// eslint-disable-next-line no-control-regex
const SHOWN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
const HIDDEN = /[\u00ad\u061c\u180e\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/g;
/** Control characters shown as `\xHH`, invisible format characters dropped. */
function visible(text) {
    return text.replace(SHOWN, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`).replace(HIDDEN, '');
}
const NEWLINES = /\r\n|\r|\n/g;
/* ---------- secrets ---------- */
const secrets = new Set();
/**
 * Registers a secret (the token) that must never appear in anything the action prints or publishes. The runner
 * masks what `core.setSecret` registered in its own log, but not in summaries, check runs, or logs read elsewhere;
 * every helper below replaces it with `***`.
 */
function registerSecret(secret) {
    if (secret.length >= 4) {
        secrets.add(secret);
        // Git's extra header carries it base64-encoded.
        secrets.add(Buffer.from(`x-access-token:${secret}`).toString('base64'));
    }
}
/** Replaces every registered secret with `***`. */
function redact(text) {
    let out = text;
    for (const s of secrets)
        if (out.includes(s))
            out = out.split(s).join('***');
    return out;
}
/* ---------- length ---------- */
/** Truncates to at most `max` UTF-16 code units, marking the cut, never splitting a surrogate pair. */
function truncate(text, max) {
    if (text.length <= max)
        return text;
    let end = Math.max(0, max - 1);
    const code = text.charCodeAt(end - 1);
    if (code >= 0xd800 && code <= 0xdbff)
        end--;
    return `${text.slice(0, end)}…`;
}
/** Cuts text so that its UTF-8 encoding takes at most `maxBytes`, at a line break when one is near. */
function truncateBytes(text, maxBytes) {
    if (Buffer.byteLength(text) <= maxBytes)
        return text;
    // Every UTF-16 code unit takes at most 3 bytes in UTF-8.
    let end = Math.min(text.length, maxBytes);
    while (end > 0 && Buffer.byteLength(text.slice(0, end)) > maxBytes)
        end = Math.floor(end * 0.9);
    const cut = text.lastIndexOf('\n', end);
    return text.slice(0, cut > end - 2000 ? cut : end);
}
/* ---------- markdown ---------- */
function escapeMarkdown(clean, max) {
    // "www." is linked by GitHub even without a scheme; ':' is an entity, which defuses "http://".
    const marked = clean.replace(/(www)\./gi, '$1\ue000');
    const escape = (limit) => {
        let out = '';
        for (const c of marked) {
            const escaped = c === '\ue000' ? '&#46;' : (HTML_ENTITIES[c] ?? c);
            if (out.length + escaped.length > limit)
                return undefined;
            out += escaped;
        }
        return out;
    };
    const whole = escape(max);
    if (whole !== undefined)
        return whole;
    let out = '';
    for (const c of marked) {
        const escaped = c === '\ue000' ? '&#46;' : (HTML_ENTITIES[c] ?? c);
        if (out.length + escaped.length > max - 1)
            break;
        out += escaped;
    }
    return `${out}…`;
}
function clean(untrusted) {
    return visible(redact(untrusted).replace(/\ue000/g, ''));
}
/**
 * Text for one line of markdown or HTML (a table cell, a heading, a list item): every character markdown or
 * HTML could act on becomes an entity, so it renders as the literal character and nothing else. Mentions are
 * defused by the `@` entity. The result is at most `max` characters long (entities included).
 */
function mdText(untrusted, max = 300) {
    const flat = clean(untrusted.replace(NEWLINES, ' '));
    if (!MARKDOWN_SPECIAL.test(flat) && !/www\./i.test(flat))
        return truncate(flat, max);
    return escapeMarkdown(flat, max);
}
/** A multi-line block (stack trace) inside `<pre>`: entity-escaped, line breaks kept; at most `max` characters inside. */
function mdPre(untrusted, max = 2000) {
    const lines = clean(untrusted.replace(NEWLINES, '\n'));
    return `<pre>${escapeMarkdown(lines, max)}</pre>`;
}
/* ---------- logs and annotations ---------- */
/**
 * Text for a plain log line: one line, control characters shown as `\xHH`, and nothing the runner could read as a workflow
 * command (`::cmd::` anywhere after trimming, or the legacy `##[cmd]` anywhere in the line).
 */
function logText(untrusted, max = 500) {
    return truncate(visible(redact(untrusted).replace(NEWLINES, ' ')), max)
        .replace(/::/g, ':\u200b:')
        .replace(/##\[/g, '#\u200b#[');
}
/**
 * Plain text for an annotation title or message: line breaks kept (as `\n`) unless `oneLine`, control characters
 * shown as `\xHH`, invisible direction characters dropped, secrets hidden, at most `max` characters. The runner escapes what
 * goes into a workflow command; the API takes the text as it is.
 */
function plainText(untrusted, max, oneLine = false) {
    const text = visible(redact(untrusted).replace(NEWLINES, oneLine ? ' ' : '\n'));
    return truncate(text, max);
}
/** The legacy `##[command]` syntax, which the runner finds anywhere in a line (`::` only at its start). */
function defuseLegacy(text) {
    return text.replace(/##\[/g, '#\u200b#[');
}
/**
 * Data or a property of a workflow command (`::error::…`, setFailed) built from untrusted values: one line,
 * secrets hidden, `##[` defused. The toolkit escapes `%`, `\r`, `\n`, and `::` inside data is inert, so test ids
 * stay readable. Plain log lines use `logText`.
 */
function commandText(untrusted, max = 2000) {
    return defuseLegacy(plainText(untrusted, max, true));
}


/***/ })

};
