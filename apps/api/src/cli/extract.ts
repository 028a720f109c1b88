import { readFile, stat } from 'node:fs/promises';
import { extractDocument } from '../modules/knowledge/extraction/extract-document';

// `npm run extract -- FILE...`: one JSON line per file. A file that cannot be read is reported
// as {"ok":false,"code":"not_found"} in line with the others, so one bad path does not hide the
// results for the rest; the exit code is 2 only when no file is given at all.
const files = process.argv.slice(2).filter((arg) => arg !== '--');
if (files.length === 0) {
  process.stderr.write('Usage: npm run extract -- FILE...\n');
  process.exit(2);
}

for (const file of files) {
  let bytes: Uint8Array;
  try {
    if (!(await stat(file)).isFile()) throw new Error('not a file');
    bytes = await readFile(file);
  } catch {
    process.stdout.write(
      `${JSON.stringify({ file, ok: false, code: 'not_found', message: 'the file could not be read' })}\n`,
    );
    continue;
  }
  const result = await extractDocument(bytes, file);
  const line = result.ok
    ? { file, ok: true, chars: result.text.length, text: result.text }
    : { file, ok: false, code: result.code, message: result.message };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}
