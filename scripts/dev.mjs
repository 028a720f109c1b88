// `npm run dev`: the API with reload on change, and Vite's dev server proxying to it. The tools
// are started directly (not through npx or npm) so that stopping this script stops them too.
import { spawn } from 'node:child_process';
import path from 'node:path';

const bin = (name) => path.resolve('node_modules/.bin', name);
const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'apps/api/src/server.ts'], {
    stdio: 'inherit',
  }),
  spawn(bin('vite'), [], { cwd: 'apps/web', stdio: 'inherit' }),
];

let exiting = false;
const stopAll = (code) => {
  if (exiting) return;
  exiting = true;
  for (const child of children) child.kill('SIGINT');
  Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve)))).then(
    () => process.exit(code),
  );
  setTimeout(() => process.exit(code), 10_000).unref();
};
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
