/** Links the dashboard shows, built from what the branch holds: only http(s), only to what they claim to be. */
/** `url` when it is an http(s) URL, else undefined: nothing from the branch becomes a javascript: link. */
export function safeUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}

/** The repository's web address from a run link `https://host/owner/repo/actions/runs/…`. */
export function repoUrlOf(runUrl: string | undefined): string | undefined {
  const safe = safeUrl(runUrl);
  if (!safe) return undefined;
  const u = new URL(safe);
  const parts = u.pathname.split('/').filter(Boolean);
  if (parts.length < 4 || parts[2] !== 'actions' || parts[3] !== 'runs') return undefined;
  const owner = decoded(parts[0]!);
  const repo = decoded(parts[1]!);
  // A segment whose escapes do not decode (a link edited by hand) names no repository: no link, never an exception.
  if (owner === undefined || repo === undefined) return undefined;
  return `${u.origin}/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
}

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

export function commitUrl(repoUrl: string | undefined, sha: string): string | undefined {
  return repoUrl && /^[0-9a-f]{7,64}$/i.test(sha) ? `${repoUrl}/commit/${sha}` : undefined;
}

/** The page of issue `n` of the repository; undefined for anything but an issue number. */
export function issueUrl(repoUrl: string | undefined, n: number | undefined): string | undefined {
  return repoUrl && n !== undefined && Number.isInteger(n) && n > 0 ? `${repoUrl}/issues/${n}` : undefined;
}

/** The dashboard's route of a test's page (`#/test/<id>`), as the page reads it (page/main.ts). */
export const testHref = (id: string): string => `#/test/${encodeURIComponent(id)}`;

/**
 * The address of a test's page in the dashboard served at `base` (where the data branch's index.html is, e.g. GitHub
 * Pages), or undefined when `base` is not http(s). `( ) ' ! *` are percent-encoded too, so that the address can stand
 * in a Markdown link; the page decodes them as it decodes the rest.
 */
export function dashboardTestUrl(base: string, id: string): string | undefined {
  const safe = safeUrl(base);
  if (!safe) return undefined;
  const u = new URL(safe);
  u.hash = '';
  return `${u.href.replace(/#$/, '')}${testHref(id).replace(/[()'!*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
