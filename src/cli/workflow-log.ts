/**
 * The action's log, read outside GitHub: its workflow commands (`::error file=…::message`) become plain lines a
 * person reads in any CI (`error: tests/a.test.ts:12: title`), groups become headings, masks and debug lines
 * vanish. Pure: one line in, zero or more lines out.
 */
import { plainText } from '../text/escape.ts';

function unescapeData(value: string): string {
  return value.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
}

function unescapeProperty(value: string): string {
  return unescapeData(value).replace(/%3A/g, ':').replace(/%2C/g, ',');
}

const clean = (s: string): string => plainText(s, 8000, true);

export function plainLogLines(line: string): string[] {
  const m = /^::([A-Za-z-]+)(?: ([^:]*))?::(.*)$/.exec(line.trimStart());
  if (!m) return [clean(line)];
  const [, name, rawProps = '', rawData = ''] = m;
  const data = unescapeData(rawData);
  switch (name) {
    case 'group':
      return [`== ${clean(data)}`];
    case 'endgroup':
    case 'add-mask':
    case 'debug':
    case 'save-state':
    case 'set-output':
    case 'echo':
      return [];
    case 'error':
    case 'warning':
    case 'notice': {
      const props: Record<string, string> = {};
      for (const pair of rawProps ? rawProps.split(',') : []) {
        const eq = pair.indexOf('=');
        if (eq > 0) props[pair.slice(0, eq)] = unescapeProperty(pair.slice(eq + 1));
      }
      const where = props.file ? `${props.file}${props.line ? `:${props.line}` : ''}: ` : '';
      const title = props.title ? `${props.title}: ` : '';
      const [first = '', ...rest] = data.split(/\r?\n/);
      return [clean(`${name}: ${where}${title}${first}`), ...rest.map((r) => (r === '' ? '' : `    ${clean(r)}`))];
    }
    default:
      return [clean(line)];
  }
}
