/**
 * Every runner preset, by the value of the `rerun` input that selects it (src/rerun/contract.ts).
 * Each preset lives in a module of its own beside this one and is registered here.
 */
import type { RerunPreset } from '../contract.ts';

const ALL: RerunPreset[] = [];

export const PRESETS: ReadonlyMap<string, RerunPreset> = new Map(ALL.map((p) => [p.name, p]));

/** The preset the `rerun` input names, or undefined when the input is a shell command. */
export function findPreset(name: string): RerunPreset | undefined {
  return PRESETS.get(name.trim());
}
