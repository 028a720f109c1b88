import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

// The shared test material sits beside the repository (CI clones the repo next to it).
export const testdataDir = fileURLToPath(
  new URL('../../../../../shared/testdata/', import.meta.url),
);

export async function testdataFile(relativePath: string) {
  return new Uint8Array(await readFile(`${testdataDir}${relativePath}`));
}
