// Decision 0068: lookups that arrive in one round of I/O are read in one statement.
import { describe, expect, it } from 'vitest';
import { batchedLookup } from '#server/platform/db/batch.ts';

describe('batchedLookup', () => {
  it('reads the keys of one round together, each once, and answers every caller', async () => {
    const calls: string[][] = [];
    const lookup = batchedLookup(async (keys: string[]) => {
      calls.push(keys);
      return new Map(keys.filter((k) => k !== 'gone').map((k) => [k, k.toUpperCase()]));
    });
    const answers = await Promise.all(['a', 'b', 'a', 'gone'].map(lookup));
    expect(answers).toEqual(['A', 'B', 'A', undefined]);
    expect(calls).toEqual([['a', 'b', 'gone']]);
    // A later round is a new read: nothing is remembered between rounds.
    expect(await lookup('a')).toBe('A');
    expect(calls).toHaveLength(2);
  });

  it('a failed read fails every caller of its round, and only them', async () => {
    let fail = true;
    const lookup = batchedLookup(async (keys: number[]) => {
      if (fail) throw new Error('database down');
      return new Map(keys.map((k) => [k, k * 2]));
    });
    const round = Promise.allSettled([lookup(1), lookup(2)]);
    const settled = await round;
    expect(settled.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await lookup(3)).toBe(6);
  });
});
