/**
 * The verify-after-write loop of the pull-request comment (docs/adr/0320-pr-comment-verify-after-write.md), against
 * an in-memory comment store whose every call yields, so that two jobs started together interleave their reads and
 * writes as two runners do.
 */
import { describe, expect, it } from 'vitest';
import { writeSection, type CommentApi } from '../../src/github/pr-comment.ts';
import { parseSections, sectionKey, withSection } from '../../src/report/pr-comment-body.ts';

interface Store {
  comments: Array<{ id: number; body: string; author?: string }>;
  nextId: number;
  log: string[];
}

const tick = (): Promise<void> => new Promise((r) => setImmediate(r));

/** The in-memory API of a token whose comments are by `author` (`asked`: what it answers when asked who it is). */
function api(store: Store, who: string, onSettle: () => void = () => undefined, author = BOT, asked = author): CommentApi {
  return {
    async list() {
      await tick();
      store.log.push(`${who} list`);
      return store.comments.filter((c) => c.body.startsWith('<!-- flakeguard:pr-comment -->')).map((c) => ({ ...c, author: c.author ?? BOT }));
    },
    async whoAmI() {
      await tick();
      return asked;
    },
    async create(body) {
      await tick();
      store.log.push(`${who} create`);
      const c = { id: store.nextId++, body, author };
      store.comments.push(c);
      return { ...c };
    },
    async update(id, body) {
      await tick();
      store.log.push(`${who} update ${id}`);
      const c = store.comments.find((x) => x.id === id);
      if (!c) throw Object.assign(new Error('Not Found'), { status: 404 });
      c.body = body;
    },
    async remove(id) {
      await tick();
      store.log.push(`${who} remove ${id}`);
      store.comments = store.comments.filter((x) => x.id !== id);
    },
    async settle() {
      onSettle();
      for (let i = 0; i < 5; i++) await tick();
    },
  };
}

const BOT = 'github-actions[bot]';
const A = sectionKey('CI\ntest\nos=linux');
const B = sectionKey('CI\ntest\nos=windows');

describe('writeSection', () => {
  it('creates the comment, then edits it in place', async () => {
    const store: Store = { comments: [], nextId: 1, log: [] };
    expect(await writeSection(api(store, 'a'), A, () => 'first', true)).toMatchObject({ action: 'created', tries: 2 });
    expect(await writeSection(api(store, 'a'), A, () => 'second', true)).toMatchObject({ action: 'updated', tries: 2 });
    expect(await writeSection(api(store, 'a'), A, () => 'second', true)).toMatchObject({ action: 'unchanged', tries: 1 });
    expect(store.comments).toHaveLength(1);
    expect(parseSections(store.comments[0]!.body)).toEqual([{ key: A, text: 'second' }]);
  });

  it('creates nothing when not asked to and no comment exists', async () => {
    const store: Store = { comments: [], nextId: 1, log: [] };
    expect(await writeSection(api(store, 'a'), A, () => 'clean', false)).toMatchObject({ action: 'nothing-to-say', tries: 1 });
    expect(store.log).toEqual(['a list']);
  });

  it('two jobs that both find no comment create two; both end in the oldest, the duplicate deleted', async () => {
    const store: Store = { comments: [], nextId: 1, log: [] };
    await Promise.all([writeSection(api(store, 'a'), A, () => 'linux', true), writeSection(api(store, 'b'), B, () => 'windows', true)]);
    expect(store.log.filter((l) => l.endsWith('create'))).toHaveLength(2);
    expect(store.comments).toHaveLength(1);
    expect(store.comments[0]!.id).toBe(1);
    expect(parseSections(store.comments[0]!.body).sort((x, y) => x.text.localeCompare(y.text))).toEqual([
      { key: A, text: 'linux' },
      { key: B, text: 'windows' },
    ]);
  });

  it('two jobs that read the same comment and write one after the other: the overwritten one re-reads and restores its section', async () => {
    const store: Store = { comments: [{ id: 1, body: withSection(undefined, { key: sectionKey('other'), text: 'other job' }) }], nextId: 2, log: [] };
    await Promise.all([writeSection(api(store, 'a'), A, () => 'linux', true), writeSection(api(store, 'b'), B, () => 'windows', true)]);
    // Both read before either wrote: the second write was based on a stale read and dropped the first job's section.
    expect(store.log.slice(0, 4)).toEqual(['a list', 'b list', 'a update 1', 'b update 1']);
    expect(store.log.filter((l) => l.startsWith('a update'))).toHaveLength(2);
    expect(parseSections(store.comments[0]!.body).map((s) => s.text)).toEqual(['other job', 'windows', 'linux']);
  });

  it('gives up after a bounded number of tries when its section keeps being overwritten', async () => {
    const store: Store = { comments: [{ id: 1, body: withSection(undefined, { key: B, text: 'x' }) }], nextId: 2, log: [] };
    // Another job rewrites the comment without this job's section before every read back.
    const clobber = (): void => void (store.comments[0]!.body = withSection(undefined, { key: B, text: 'x' }));
    const done = await writeSection(api(store, 'a', clobber), A, () => 'linux', true, 4);
    expect(done).toMatchObject({ action: 'unverified', tries: 4 });
    expect(store.log.filter((l) => l.startsWith('a update'))).toHaveLength(4);
  });
});

describe("writeSection and other authors' comments", () => {
  const marked = (text: string): string => withSection(undefined, { key: sectionKey('forged'), text });

  it("never merges, edits or deletes another author's marker comment, older or newer: it writes its own", async () => {
    const store: Store = {
      comments: [
        { id: 1, body: marked('all tests passed @alice'), author: 'mallory' },
        { id: 2, body: marked('second'), author: 'eve' },
      ],
      nextId: 3,
      log: [],
    };
    const before = structuredClone(store.comments);
    const done = await writeSection(api(store, 'a'), A, () => 'linux', true);
    expect(done).toMatchObject({
      action: 'created',
      author: BOT,
      others: [
        { id: 1, author: 'mallory' },
        { id: 2, author: 'eve' },
      ],
    });
    expect(store.comments.slice(0, 2)).toEqual(before);
    expect(store.log.filter((l) => /update|remove/.test(l))).toEqual([]);
    expect(parseSections(store.comments[2]!.body)).toEqual([{ key: A, text: 'linux' }]);
  });

  it('a login in another case is the same author', async () => {
    const store: Store = { comments: [{ id: 1, body: marked('old'), author: 'GitHub-Actions[bot]' }], nextId: 2, log: [] };
    expect(await writeSection(api(store, 'a'), A, () => 'linux', true)).toMatchObject({ action: 'updated', others: [] });
    expect(store.comments).toHaveLength(1);
  });

  it('learns its identity from the comment it created when asking gave a wrong answer, and then merges its own duplicate', async () => {
    // The token is alice's, but asking failed (the fallback answer is the Actions bot): alice's older comment is not
    // found at first and a new one is created; its author tells who the token is, the older one becomes the one.
    const store: Store = { comments: [{ id: 1, body: marked('mine, older'), author: 'alice' }], nextId: 2, log: [] };
    const done = await writeSection(
      api(store, 'a', () => undefined, 'alice', BOT),
      A,
      () => 'linux',
      true,
    );
    expect(done).toMatchObject({ action: 'created', author: 'alice', others: [] });
    expect(store.comments.map((c) => c.id)).toEqual([1]);
    expect(parseSections(store.comments[0]!.body).map((x) => x.text)).toEqual(['mine, older', 'linux']);
    expect(store.log).toContain('a remove 2');
  });
});
