import { readFile } from 'node:fs/promises';

// One JSON value a line (the shared test data's BEIR files), blank lines skipped.
export async function readJsonl<T>(file: string): Promise<T[]> {
  return (await readFile(file, 'utf8'))
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as T);
}
