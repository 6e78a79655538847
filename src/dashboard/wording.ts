/** Words the dashboard's views share. */
/** `1 test`, `2 tests`: a count with its noun. */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Runs in the rolling window of the suite's charts (by run). */
export const ROLLING_RUNS = 20;

/** What a point of a rolling chart covers, given the runs on the branch: never "the last 20" of fewer runs. */
export function rollingWindow(runs: number): string {
  return runs >= ROLLING_RUNS ? `over the last ${ROLLING_RUNS} runs` : `over the runs so far: ${count(runs, 'run')} on the branch`;
}
