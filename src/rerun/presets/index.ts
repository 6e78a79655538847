/**
 * Every runner preset, by the value of the `rerun` input that selects it (src/rerun/contract.ts).
 * Each preset lives in a module of its own beside this one and is registered here. docs/rerun-presets.md says
 * what each assumes about the original run, and which are tested end to end here.
 */
import type { RerunPreset } from '../contract.ts';
import { gotestsum } from './go.ts';
import { jest, mocha, nodeTest, vitest } from './js.ts';
import { pytest } from './pytest.ts';
import { dotnet, gradle, maven, nextest, phpunit, playwright, rspec } from './recipes.ts';

const ALL: RerunPreset[] = [vitest, jest, mocha, nodeTest, pytest, gotestsum, maven, gradle, rspec, playwright, dotnet, phpunit, nextest];

export const PRESETS: ReadonlyMap<string, RerunPreset> = new Map(ALL.map((p) => [p.name, p]));

/** The preset the `rerun` input names, or undefined when the input is a shell command. */
export function findPreset(name: string): RerunPreset | undefined {
  return PRESETS.get(name.trim());
}
