import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.ts';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('createBatcher', () => {
  it('sends a lone call at once and groups what queues while batches are out, answering each in order', async () => {
    const batches: number[][] = [];
    const submit = createBatcher(
      async (items: number[]) => {
        batches.push(items);
        await tick();
        return items.map((i) => i * 10);
      },
      { maxInFlight: 1, maxBatch: 3 },
    );
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map(submit));
    expect(answers).toEqual([10, 20, 30, 40, 50, 60]);
    expect(batches).toEqual([[1], [2, 3, 4], [5, 6]]);
  });

  it("tries each call of a failed batch alone, so one call's failure is not another's", async () => {
    const submit = createBatcher(
      async (items: number[]) => {
        await tick();
        if (items.includes(2)) throw new Error('two is refused');
        return items;
      },
      { maxInFlight: 1, maxBatch: 10 },
    );
    const results = await Promise.allSettled([1, 2, 3, 4].map(submit));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(results[3]).toEqual({ status: 'fulfilled', value: 4 });
  });
});
