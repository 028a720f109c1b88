// `npm test`: unit and API tests (vitest), then the e2e suite (Playwright in Debian's Chromium)
// against the freshly built product. It ends with one "N passed, N failed, N skipped" line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

// CI runs two unit/API passes side by side, each with its own results folder.
const resultsDir = path.resolve(process.env.TEST_RESULTS_DIR ?? 'test-results');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// `npm test -- --skip-e2e`: unit and API tests only (CI's second pass on another PostgreSQL).
const skipE2e = process.argv.includes('--skip-e2e');

if (!skipE2e && !existsSync(chromiumPath)) {
  process.stderr.write(
    `Chromium is not installed at ${chromiumPath}; the e2e tests need it.\n` +
      'Install it with:  sudo apt-get install -y chromium\n' +
      '(or set CHROMIUM_PATH). The tests never download a browser.\n',
  );
  process.exit(1);
}

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
const bin = (name) => path.resolve('node_modules/.bin', name);
const run = (command, args, env = {}) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const database = process.env.DATABASE_URL ? 'PostgreSQL at DATABASE_URL' : 'embedded PostgreSQL';
process.stdout.write(`\n== unit and API tests (${database}) ==\n`);
const vitestJson = path.join(resultsDir, 'vitest.json');
const vitestStatus = run(bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);

let buildStatus = 0;
let e2eStatus = 0;
const playwrightJson = path.join(resultsDir, 'e2e.json');
if (!skipE2e) {
  process.stdout.write('\n== build ==\n');
  buildStatus = run('npm', ['run', 'build', '--silent']);

  process.stdout.write(`\n== e2e tests in Chromium (${database}) ==\n`);
  e2eStatus =
    buildStatus === 0
      ? run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], {
          E2E_SKIP_BUILD: '1',
          PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
        })
      : 1;
}

const counts = { passed: 0, failed: 0, skipped: 0 };
const vitest = readJson(vitestJson);
if (vitest) {
  counts.passed += vitest.numPassedTests;
  counts.failed += vitest.numFailedTests;
  counts.skipped += vitest.numPendingTests + vitest.numTodoTests;
}
const e2e = readJson(playwrightJson);
if (e2e) {
  counts.passed += e2e.stats.expected + e2e.stats.flaky;
  counts.failed += e2e.stats.unexpected;
  counts.skipped += e2e.stats.skipped;
}
const failedStages = [
  // vitest has been seen exiting 0 with a failed test in its own report, so the report counts too.
  (vitestStatus !== 0 || (vitest?.numFailedTests ?? 0) > 0) && 'unit/API',
  (e2e?.stats.unexpected ?? 0) > 0 && 'e2e',
  buildStatus !== 0 && 'build',
  e2eStatus !== 0 && 'e2e',
].filter((stage, index, all) => stage && all.indexOf(stage) === index);
if (failedStages.length > 0 && counts.failed === 0) counts.failed = 1;

process.stdout.write(
  `\n${failedStages.length ? `Failed stages: ${failedStages.join(', ')}\n` : ''}` +
    `tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
);
process.exit(failedStages.length ? 1 : 0);

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}
