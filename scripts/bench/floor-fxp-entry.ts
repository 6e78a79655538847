/**
 * The parse floor as issue 42 words it: "fast-xml-parser reading the same report". A fresh process that reads each
 * `.xml` file of a folder and parses it with fast-xml-parser (attributes kept, nothing validated, no JUnit meaning),
 * then counts the `<testcase>` elements of the tree it built, without recursion, and prints the count. Bundled as the
 * action is (scripts/bench/floor-bundle.ts), so that it starts as a bundle starts.
 *
 *   node <bundle> <dir>
 *
 * flakeguard does not parse with fast-xml-parser (docs/adr/0007-own-streaming-xml-tokenizer.md); the step bench gives
 * the step's ratio to this floor beside its ratio to flakeguard's own parser (scripts/bench/floor-entry.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';

const dir = process.argv[2]!;
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.xml'))
  .map((f) => join(dir, f))
  .sort();
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' });
let cases = 0;
for (const file of files) {
  const stack: unknown[] = [parser.parse(readFileSync(file))];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'testcase') cases += Array.isArray(value) ? value.length : 1;
      else if (typeof value === 'object' && value !== null) stack.push(value);
    }
  }
}
console.log(cases);
