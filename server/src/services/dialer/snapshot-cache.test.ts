import { describe, expect, it } from 'vitest';
import type { CampaignSnapshot } from './dialer.repo.ts';
import { SnapshotCache } from './snapshot-cache.ts';

const snapshot = (id: string, version: string, dialLevel = 1) => ({ id, version, dialLevel }) as CampaignSnapshot;

describe('SnapshotCache', () => {
  it('reads only the campaigns whose version moved, keeps the others, and leaves out one the read no longer returns', async () => {
    const cache = new SnapshotCache();
    const reads: string[][] = [];
    const database = new Map([
      ['a', snapshot('a', 'a1')],
      ['b', snapshot('b', 'b1')],
      ['c', snapshot('c', 'c1')],
    ]);
    const read = async (ids: string[]) => {
      reads.push(ids);
      return ids.flatMap((id) => database.get(id) ?? []);
    };
    const listed = () => [...database.values()].map(({ id, version }) => ({ id, version }));

    expect((await cache.of(listed(), read)).map((s) => s.id)).toEqual(['a', 'b', 'c']);
    expect(await cache.of(listed(), read)).toHaveLength(3);
    expect(reads).toEqual([['a', 'b', 'c']]);

    database.set('b', snapshot('b', 'b2', 3));
    const [, b] = await cache.of(listed(), read);
    expect(b).toMatchObject({ version: 'b2', dialLevel: 3 });
    expect(reads[1]).toEqual(['b']);

    // Listed at a new version, gone by the time it is read (stopped in between): not dialed.
    const listedC = { id: 'c', version: 'c2' };
    database.delete('c');
    expect((await cache.of([{ id: 'a', version: 'a1' }, listedC], read)).map((s) => s.id)).toEqual(['a']);
    expect(cache.size).toBe(2);

    cache.keepOnly(new Set(['a']));
    expect(cache.size).toBe(1);
  });
});
