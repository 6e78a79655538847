/**
 * The controlled variations of `mode: diagnose` (docs/diagnose.md, "The variations"): what each sets for the re-run
 * command. Pure: environments, the seeds, and the source of the preload that fixes JavaScript's random numbers.
 *
 * Every variation but the one it is about runs in the baseline (BASELINE_ENV: TZ=UTC, LANG=C.UTF-8, no other load),
 * so that a difference from `rest` is the variation's.
 */
import { availableParallelism } from 'node:os';

export const ENV_SEED = 'FLAKEGUARD_RERUN_SEED';

/** The baseline every variation starts from. LC_ALL is set with LANG: a runner's LC_ALL would override LANG. */
export const BASELINE_ENV: Readonly<Record<string, string>> = { TZ: 'UTC', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' };
/** UTC+14, the farthest zone from UTC: a date computed in local time is another day there most of the day. */
export const FAR_ZONE = 'Pacific/Kiritimati';
/**
 * Turkish: a dotless lower-case I (`'I'.toLocaleLowerCase()`), a comma decimal separator. Runtimes with their own
 * locale data (Node's ICU, the JVM) honour it without the system locale installed; C's `setlocale` needs it installed
 * (an ubuntu runner has C.UTF-8 only: `locale -a`).
 */
export const FAR_LOCALE = 'tr_TR.UTF-8';
/** Busy processes per CPU under contention. */
export const BUSY_PER_CPU = 8;
/** Seeds of the seed variation, and executions per seed. */
export const SEEDS = ['1', '2', '3', '4', '5', '6'] as const;
export const PER_SEED = 3;

export interface Arm {
  /** The evidence row's variation (src/diagnose/format.ts). */
  readonly variation: 'rest' | 'tz' | 'lang' | 'contention';
  readonly env: Readonly<Record<string, string>>;
  /** Busy processes beside the command while it runs. */
  readonly busy: number;
  readonly detail: string;
}

export function busyCount(cpus = availableParallelism()): number {
  return BUSY_PER_CPU * Math.max(1, cpus);
}

/** The arms that run the test alone, repeated in one start each (FLAKEGUARD_RERUN_REPEAT): rest first. */
export function aloneArms(cpus?: number): Arm[] {
  const busy = busyCount(cpus);
  return [
    { variation: 'rest', env: BASELINE_ENV, busy: 0, detail: 'alone, TZ=UTC, LANG=C.UTF-8' },
    { variation: 'tz', env: { ...BASELINE_ENV, TZ: FAR_ZONE }, busy: 0, detail: `TZ=${FAR_ZONE}` },
    { variation: 'lang', env: { ...BASELINE_ENV, LANG: FAR_LOCALE, LC_ALL: FAR_LOCALE }, busy: 0, detail: `LANG=${FAR_LOCALE}` },
    { variation: 'contention', env: BASELINE_ENV, busy, detail: `${busy} busy processes` },
  ];
}

/**
 * The preload that makes JavaScript's `Math.random` a seeded generator (mulberry32) for the seed variation: Node
 * loads it through NODE_OPTIONS=--import in every process the command starts. A test whose random numbers come from
 * elsewhere (crypto, its own generator) is seeded only by what its runner does with FLAKEGUARD_RERUN_SEED.
 */
export const SEED_PRELOAD = `const seed = Number.parseInt(process.env.${ENV_SEED} ?? '', 10);
if (Number.isSafeInteger(seed)) {
  let a = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  // Neighbouring seeds start neighbouring streams: the seed is scrambled and the first draws let go.
  next();
  next();
  Math.random = next;
}
`;

/** The environment of one start of the seed variation: the seed, and the preload added to NODE_OPTIONS. */
export function seedEnv(seed: string, preloadPath: string, nodeOptions: string | undefined): Record<string, string> {
  const url = new URL(`file://${preloadPath}`).href;
  const options = [nodeOptions ?? '', `--import="${url.replace(/"/g, '%22')}"`].filter((s) => s !== '').join(' ');
  return { ...BASELINE_ENV, [ENV_SEED]: seed, NODE_OPTIONS: options };
}

/** The seed a preset passes to its runner (`options.seed`), when it is a whole number: never anything a runner could read as an option. */
export function presetSeed(options: { seed?: string } | undefined): string | undefined {
  return options?.seed !== undefined && /^\d{1,10}$/.test(options.seed) ? options.seed : undefined;
}
