// src/dashboard/links.ts
function safeUrl(url) {
  if (!url) return void 0;
  try {
    const u = new URL(url);
    return u.protocol === "https:" || u.protocol === "http:" ? u.href : void 0;
  } catch {
    return void 0;
  }
}
function repoUrlOf(runUrl) {
  const safe = safeUrl(runUrl);
  if (!safe) return void 0;
  const u = new URL(safe);
  const parts = u.pathname.split("/").filter(Boolean);
  if (parts.length < 4 || parts[2] !== "actions" || parts[3] !== "runs") return void 0;
  const owner = decoded(parts[0]);
  const repo = decoded(parts[1]);
  if (owner === void 0 || repo === void 0) return void 0;
  return `${u.origin}/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
}
function decoded(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return void 0;
  }
}
var testHref = (id) => `#/test/${encodeURIComponent(id)}`;
function dashboardTestUrl(base, id) {
  const safe = safeUrl(base);
  if (!safe) return void 0;
  const u = new URL(safe);
  u.hash = "";
  return `${u.href.replace(/#$/, "")}${testHref(id).replace(/[()'!*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

export {
  safeUrl,
  repoUrlOf,
  dashboardTestUrl
};
