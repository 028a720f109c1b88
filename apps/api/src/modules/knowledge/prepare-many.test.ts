import { execFileSync } from 'node:child_process';
import { afterAll, expect, test } from 'vitest';
import { DocumentPreparer } from './prepare-document';

// Many small documents go to one reader in one round trip; when that reader does not answer for
// all of them, the caller must learn it (null) so that each is read again on its own.

const preparer = new DocumentPreparer();
afterAll(() => preparer.close());

const note = (index: number, words = 12) => ({
  name: `note-${index}.txt`,
  bytes: new TextEncoder().encode(
    `Note ${index}\n\n` +
      Array.from({ length: words }, (_, word) => `word${(index * 31 + word) % 997}`).join(' ') +
      '.',
  ),
});

// The readers this test process started (and only those).
function readerPids() {
  const out = execFileSync('ps', ['-o', 'pid=', '--ppid', String(process.pid)], {
    encoding: 'utf8',
  });
  return out
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((pid) => pid > 0);
}

test('when small documents are read together, then each gets its own result, in order, and one without text fails alone', async () => {
  const documents = [
    note(0),
    note(1),
    { name: 'blank.txt', bytes: new TextEncoder().encode('  \n \n') },
    note(3),
  ];
  const results = await preparer.prepareMany(documents);
  expect(results).toHaveLength(4);
  expect(results!.map((result) => result?.ok)).toEqual([true, true, false, true]);
  expect(results![2]).toMatchObject({ ok: false, code: 'no_text' });
  const first = results![0]!;
  expect(first.ok && first.chunks[0]).toMatchObject({
    heading: 'Note 0',
    text: expect.stringMatching(/^word0 word1 /),
  });
  const last = results![3]!;
  expect(last.ok && last.chunks[0]?.heading).toBe('Note 3');
}, 60_000);

test('when the reader is killed in the middle of a batch, then the batch answers null and the next batch is read by a new reader', async () => {
  await preparer.prepareMany([note(0)]);
  // Long enough that the kill lands while the reader is still chunking.
  const batch = Array.from({ length: 50 }, (_, index) => note(index, 30_000));
  const reading = preparer.prepareMany(batch);
  await new Promise((resolve) => setTimeout(resolve, 150));
  // `ps` lists itself too, gone by now.
  const killed = readerPids().filter((pid) => {
    try {
      process.kill(pid, 'SIGKILL');
      return true;
    } catch {
      return false;
    }
  });
  expect(killed.length).toBeGreaterThan(0);
  expect(await reading).toBeNull();

  const again = await preparer.prepareMany([note(7), note(8)]);
  expect(again?.map((result) => result?.ok)).toEqual([true, true]);
}, 60_000);
