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
