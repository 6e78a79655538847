// src/store/inbox-refs.ts
function parkedFrom(listing, remoteName) {
  const parked = [];
  for (const line of listing.split("\n")) {
    const [sha, ref] = line.trim().split(/\s+/);
    if (!sha || !ref) continue;
    const name = remoteName(ref);
    if (name !== void 0) parked.push({ ref: name, sha });
  }
  return parked.sort((a, b) => a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0);
}
function inboxPrefix(branch) {
  return `refs/heads/${branch}-inbox/`;
}
var PARCEL_FILE = "flakeguard-parcel.json";
var SEAL_FILE = "flakeguard-parcel.seal";
function refusedPrefix(branch) {
  return `refs/heads/${branch}-refused/`;
}

export {
  parkedFrom,
  inboxPrefix,
  PARCEL_FILE,
  SEAL_FILE,
  refusedPrefix
};
