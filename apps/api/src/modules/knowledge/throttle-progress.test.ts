import { describe, expect, test } from 'vitest';
import { throttleProgress } from './ingest-source.job';

describe('throttleProgress', () => {
  test('when a step reported without waiting is slow to write, then completion still lands last', async () => {
    const applied: Array<Record<string, unknown>> = [];
    const delays = [30, 0];
    const progress = throttleProgress(async (patch) => {
      await new Promise((resolve) => setTimeout(resolve, delays.shift() ?? 0));
      applied.push(patch);
    }, 0);
    void progress({ stage: 'chunking', progress: 45 });
    await progress({ status: 'completed', stage: 'completed', progress: 100 });
    expect(applied.at(-1)).toMatchObject({ status: 'completed', progress: 100 });
    expect(applied.map((patch) => patch.progress)).toEqual([45, 100]);
  });

  test('when steps follow each other quickly, then they are written together with the status change', async () => {
    const applied: Array<Record<string, unknown>> = [];
    const progress = throttleProgress(async (patch) => {
      applied.push(patch);
    }, 60_000);
    await progress({ status: 'processing', stage: 'extracting', progress: 10 });
    await progress({ stage: 'chunking', progress: 45 });
    await progress({ stage: 'indexing', progress: 70 });
    await progress({ status: 'completed', stage: 'completed', progress: 100 });
    expect(applied).toEqual([
      { status: 'processing', stage: 'extracting', progress: 10 },
      { status: 'completed', stage: 'completed', progress: 100 },
    ]);
  });

  test('when an earlier write fails, then later writes still happen', async () => {
    let calls = 0;
    const progress = throttleProgress(async () => {
      calls += 1;
      if (calls === 1) throw new Error('connection lost');
    }, 0);
    await expect(progress({ stage: 'chunking', progress: 45 })).rejects.toThrow('connection lost');
    await progress({ status: 'completed', progress: 100 });
    expect(calls).toBe(2);
  });
});
