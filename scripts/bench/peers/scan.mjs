/* global process, console, Buffer */
// The physical floor of a JUnit parse: a process that reads a report and counts its '<testcase' bytes, nothing more.
// Prints the count. Run by scripts/bench/peers.ts as a whole process: `node scan.mjs <report>`.
import { closeSync, openSync, readSync } from 'node:fs';

const fd = openSync(process.argv[2], 'r');
const buf = Buffer.allocUnsafe(1 << 20);
const needle = Buffer.from('<testcase');
let count = 0;
let keep = 0;
for (;;) {
  const got = readSync(fd, buf, keep, buf.length - keep, null);
  const end = keep + got;
  let at = buf.indexOf(needle, 0);
  while (at !== -1 && at + needle.length <= end) {
    count++;
    at = buf.indexOf(needle, at + needle.length);
  }
  if (got === 0) break;
  // A needle cut by the end of the buffer is found again in the next read.
  keep = Math.min(needle.length - 1, end);
  buf.copy(buf, 0, end - keep, end);
}
closeSync(fd);
console.log(count);
