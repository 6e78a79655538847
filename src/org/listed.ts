/**
 * One entry of `flakeguard org --repos` (docs/org.md, docs/adr/0421-org-repository-is-the-one-listed.md): `SOURCE`
 * or `NAME=SOURCE`. The name is the repository's identity in every table, total and line of output: the one given,
 * else the one its URL or folder says (nameOfSource); never what its data branch claims. Pure.
 */
import { nameOfSource } from '../dashboard/org-model.ts';

/** A name given before `=`: `owner/name` or `name`, as GitHub spells them. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)?$/;

export interface ListedRepo {
  /** The repository's identity: as given, else from its source. */
  name: string;
  /** The git URL or path holding its data branch. */
  source: string;
  /** Whether the name was given (`NAME=SOURCE`). */
  named: boolean;
}

/** An entry split into the name it gives (if any) and its source; an entry whose text before `=` is no name is all source. */
export function listedRepo(entry: string): ListedRepo {
  const at = entry.indexOf('=');
  if (at > 0 && NAME.test(entry.slice(0, at))) return { name: entry.slice(0, at), source: entry.slice(at + 1), named: true };
  return { name: nameOfSource(entry), source: entry, named: false };
}
