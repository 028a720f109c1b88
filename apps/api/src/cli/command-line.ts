import { readFile } from 'node:fs/promises';
import { parseArgs, type ParseArgsConfig } from 'node:util';

/**
 * The command's options, or its usage and an exit: --help (or -h) prints the usage and exits 0; an
 * unknown or malformed option says what is wrong and exits 2, instead of a stack trace.
 */
export function parseCommandLine<T extends ParseArgsConfig>(
  config: T,
  usage: string,
): ReturnType<typeof parseArgs<T>>['values'] {
  const args = config.args ?? process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  try {
    return parseArgs(config).values;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${usage}\n`);
    process.exit(2);
  }
}

/** The text of a file named by `--option`, or what is wrong with it and an exit 2. */
export async function readInputFile(option: string, file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'it is a folder'
          : error instanceof Error
            ? error.message
            : String(error);
    process.stderr.write(`Cannot read --${option} ${file}: ${reason}\n`);
    process.exit(2);
  }
}

/** One JSON value a line (BEIR's .jsonl), blank lines skipped; a line that is not JSON is named. */
export async function readJsonLines<T>(option: string, file: string): Promise<T[]> {
  const rows: T[] = [];
  const lines = (await readInputFile(option, file)).split('\n');
  for (const [index, line] of lines.entries()) {
    if (!line.trim()) continue;
    try {
      rows.push(JSON.parse(line) as T);
    } catch {
      process.stderr.write(`--${option} ${file}: line ${index + 1} is not JSON\n`);
      process.exit(2);
    }
  }
  return rows;
}
