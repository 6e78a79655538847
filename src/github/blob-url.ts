/**
 * Links to the tested commit's files on GitHub (only there: other servers lay out their URLs differently). The path
 * comes from a report: only a plain repository path is linked, each segment URL-encoded.
 */
import type { GitHubContext } from '../config/context.ts';

export function blobUrlFor(ctx: GitHubContext): ((path: string, line?: number) => string | undefined) | undefined {
  if (!/^[0-9a-f]{40}$/.test(ctx.sha) || ctx.runUrl) return undefined;
  return (path, line) => {
    const p = path.replace(/\\/g, '/');
    if (p === '' || p.startsWith('/') || /^[A-Za-z]:/.test(p) || p.split('/').some((seg) => seg === '..' || seg === '.' || seg === '')) return undefined;
    const encoded = p
      .split('/')
      .map((seg) => encodeURIComponent(seg).replace(/[()'!*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
      .join('/');
    return `${ctx.serverUrl}/${ctx.repository}/blob/${ctx.sha}/${encoded}${line && line > 0 ? `#L${line}` : ''}`;
  };
}
