export const id = 28;
export const ids = [28];
export const modules = {

/***/ 28:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   markdownToText: () => (/* binding */ markdownToText)
/* harmony export */ });
/* unused harmony exports decodeEntities, termLine */
/* harmony import */ var _text_escape_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(388);
/**
 * The job summary (markdown, every untrusted character an entity) as text for a terminal. Pure.
 *
 * Headings become titled lines, each table row a block of `Column: value` lines under the row's test, the mermaid
 * chart a small table of its numbers, links `text (url)`, entities their characters. Untrusted text comes back as
 * itself once decoded, so every line is cleaned of control and direction characters (no ANSI escape sequence from
 * a test name reaches the terminal).
 */

const NAMED = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
/** Decodes the HTML entities the summary writes (numeric ones and the basic named ones). */
function decodeEntities(text) {
    return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/g, (whole, body) => {
        if (body.startsWith('#x'))
            return safeCodePoint(parseInt(body.slice(2), 16)) ?? whole;
        if (body.startsWith('#'))
            return safeCodePoint(parseInt(body.slice(1), 10)) ?? whole;
        return NAMED[body] ?? whole;
    });
}
function safeCodePoint(code) {
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}
/** One line of terminal text: decoded, inline markdown removed, no control or direction characters. */
function termLine(markdown, max = 4000) {
    const inline = markdown
        // Links first (their text and URL are markdown-escaped already): `text (url)`.
        .replace(/\[([^\]]*)\]\(([^)\s]*)\)/g, '$1 ($2)')
        .replace(/\*\*([^*]*)\*\*/g, '$1')
        .replace(/(^|\s)_([^_]+)_(?=\s|$|[.,;:])/g, '$1$2')
        .replace(/`([^`]*)`/g, '$1');
    return (0,_text_escape_js__WEBPACK_IMPORTED_MODULE_0__/* .plainText */ .wh)(decodeEntities(inline), max, true);
}
/** Splits a markdown table row into its cells (a `|` inside a cell is always an entity in the summary). */
function cells(row) {
    const body = row.trim().replace(/^\|/, '').replace(/\|$/, '');
    return body.split('|').map((c) => c.trim());
}
function renderTable(header, rows, out) {
    const titleColumn = Math.max(0, header.findIndex((h) => /^test$/i.test(h)));
    for (const row of rows) {
        const rank = header[0] === 'Rank' && titleColumn !== 0 ? `${row[0]}. ` : '';
        out.push(`  • ${rank}${termLine(row[titleColumn] ?? '')}`);
        header.forEach((h, i) => {
            if (i === titleColumn || (rank && i === 0))
                return;
            const value = termLine(row[i] ?? '');
            if (value !== '')
                out.push(`      ${termLine(h)}: ${value}`);
        });
    }
}
/** The numbers of the summary's mermaid xychart as a small table. */
function renderChart(lines, out) {
    const list = (prefix) => {
        const line = lines.find((l) => prefix.test(l.trim()));
        const m = line ? /\[(.*)\]/.exec(line) : null;
        return m ? m[1].split(',').map((x) => x.trim().replace(/^"|"$/g, '')) : [];
    };
    const xs = list(/^x-axis/);
    const bars = list(/^bar/);
    const line = list(/^line/);
    if (xs.length === 0)
        return;
    out.push(`  ${'run/day'.padEnd(12)} ${'flaky %'.padStart(8)} ${'failed %'.padStart(9)}`);
    xs.forEach((x, i) => out.push(`  ${termLine(x, 12).padEnd(12)} ${(bars[i] ?? '').padStart(8)} ${(line[i] ?? '').padStart(9)}`));
}
/** The whole summary as terminal text. */
function markdownToText(markdown) {
    const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
    const out = [];
    for (let i = 0; i < lines.length; i++) {
        const line = lines[i];
        const trimmed = line.trim();
        if (trimmed.startsWith('```')) {
            const block = [];
            for (i++; i < lines.length && !lines[i].trim().startsWith('```'); i++)
                block.push(lines[i]);
            if (/mermaid/.test(trimmed))
                renderChart(block, out);
            else
                for (const b of block)
                    out.push(`    ${(0,_text_escape_js__WEBPACK_IMPORTED_MODULE_0__/* .plainText */ .wh)(b, 4000, true)}`);
            continue;
        }
        if (trimmed.startsWith('|')) {
            const rows = [];
            for (; i < lines.length && lines[i].trim().startsWith('|'); i++)
                rows.push(cells(lines[i]));
            i--;
            const [header = [], , ...body] = rows;
            renderTable(header, body, out);
            continue;
        }
        const heading = /^(#{1,6})\s+(.*)$/.exec(trimmed);
        if (heading) {
            const text = termLine(heading[2]);
            out.push(text);
            out.push((heading[1].length <= 3 ? '=' : '-').repeat(Math.min(80, [...text].length)));
            continue;
        }
        if (trimmed === '---') {
            out.push('');
            continue;
        }
        if (trimmed.startsWith('>')) {
            out.push(`  ${termLine(trimmed.replace(/^>\s?/, ''))}`);
            continue;
        }
        if (/^[-*]\s/.test(trimmed)) {
            out.push(`  • ${termLine(trimmed.slice(2))}`);
            continue;
        }
        out.push(termLine(line));
    }
    // No runs of blank lines.
    return `${out
        .join('\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim()}\n`;
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
