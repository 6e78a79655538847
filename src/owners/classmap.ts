/**
 * From a test's classname to the file that holds it, for reports that give no `file` attribute (JUnit on the
 * JVM, most xUnit dialects). Configured with the `codeowners-map` input, one rule per line:
 *
 *     com.acme.** => src/test/java/com/acme/**.java
 *     tests.*.*   => tests/*.py
 *     **          => src/test/java/**.java
 *
 * Left: a pattern over the dot-separated classname. `*` matches within one segment (no dot), `**` matches one or
 * more whole segments. Right: a path template; its wildcards take the left side's matches in order, `**` with
 * dots turned into slashes, `*` verbatim. The first rule that matches wins. A nested class (`Outer$Inner`) is
 * looked up as its outer class (`Outer`), whose file holds it.
 */

export interface ClassMapRule {
  from: string;
  to: string;
  regex: RegExp;
  /** Template pieces: literal text and wildcards, in order. */
  template: Array<{ text: string } | { wildcard: '*' | '**' }>;
  line: number;
}

export class ClassMapError extends Error {}

const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function compileFrom(from: string, line: number): { regex: RegExp; captures: number } {
  let captures = 0;
  const segs = from.split('.').map((seg) => {
    if (seg === '') throw new ClassMapError(`codeowners-map line ${line}: empty segment in '${from}'`);
    if (seg === '**') {
      captures++;
      return '(.+)';
    }
    if (seg.includes('**')) throw new ClassMapError(`codeowners-map line ${line}: '**' must be a whole segment in '${from}'`);
    const pieces = seg.split('*');
    captures += pieces.length - 1;
    return pieces.map(escapeRegex).join('([^.]*)');
  });
  return { regex: new RegExp(`^${segs.join('\\.')}$`), captures };
}

function compileTemplate(to: string): ClassMapRule['template'] {
  const out: ClassMapRule['template'] = [];
  const re = /\*\*|\*/g;
  let last = 0;
  for (let m = re.exec(to); m; m = re.exec(to)) {
    if (m.index > last) out.push({ text: to.slice(last, m.index) });
    out.push({ wildcard: m[0] as '*' | '**' });
    last = m.index + m[0].length;
  }
  if (last < to.length) out.push({ text: to.slice(last) });
  return out;
}

/** Parses the `codeowners-map` input; throws ClassMapError naming the line. */
export function parseClassMap(text: string): ClassMapRule[] {
  const rules: ClassMapRule[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const arrow = trimmed.indexOf('=>');
    if (arrow === -1) throw new ClassMapError(`codeowners-map line ${line}: expected 'classname-pattern => path-template', got '${trimmed.slice(0, 100)}'`);
    const from = trimmed.slice(0, arrow).trim();
    const to = trimmed
      .slice(arrow + 2)
      .trim()
      .replace(/^\.?\//, '');
    if (from === '' || to === '') throw new ClassMapError(`codeowners-map line ${line}: both sides of '=>' are needed`);
    if (/\s/.test(from)) throw new ClassMapError(`codeowners-map line ${line}: the classname pattern '${from}' contains a space`);
    const { regex, captures } = compileFrom(from, line);
    const template = compileTemplate(to);
    const wildcards = template.filter((p) => 'wildcard' in p).length;
    if (wildcards > captures) {
      throw new ClassMapError(`codeowners-map line ${line}: the path template has ${wildcards} wildcards but '${from}' has only ${captures}`);
    }
    rules.push({ from, to, regex, template, line });
  });
  return rules;
}

/** The file of a classname by the first matching rule, or undefined. */
export function mapClassname(rules: readonly ClassMapRule[], classname: string): { path: string; rule: ClassMapRule } | undefined {
  const outer = classname.replace(/\$.*$/, '');
  if (outer === '') return undefined;
  for (const rule of rules) {
    const m = rule.regex.exec(outer);
    if (!m) continue;
    let next = 1;
    const path = rule.template
      .map((piece) => {
        if ('text' in piece) return piece.text;
        const value = m[next++] ?? '';
        return piece.wildcard === '**' ? value.replace(/\./g, '/') : value;
      })
      .join('');
    return { path, rule };
  }
  return undefined;
}
