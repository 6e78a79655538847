/**
 * Deterministic randomness for the simulator: mulberry32 streams, each derived from a seed and a label, so that
 * the draws of one purpose (say, attempt 1 of run 17) never depend on how many draws another purpose made.
 * This keeps two simulations of the same world comparable run by run (common random numbers), whatever the
 * policy under test decides.
 */

export type Rng = () => number;

export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of a label, mixed with the seed. */
export function mix(seed: number, label: string): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < label.length; i++) {
    hash ^= label.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** An independent stream for one purpose of one seed. */
export function stream(seed: number, label: string): Rng {
  return mulberry32(mix(seed, label));
}

export function intBetween(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick from an empty list');
  return items[Math.floor(rng() * items.length)]!;
}

/** `count` distinct items, in random order. */
export function sample<T>(rng: Rng, items: readonly T[], count: number): T[] {
  const copy = [...items];
  const n = Math.min(count, copy.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(rng() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, n);
}

export function hex(rng: Rng, length: number): string {
  let out = '';
  while (out.length < length)
    out += Math.floor(rng() * 0x100000000)
      .toString(16)
      .padStart(8, '0');
  return out.slice(0, length);
}
