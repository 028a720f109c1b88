import { existsSync } from 'node:fs';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Flags from DESIGN.md §3: this machine has no network, so background services must stay off.
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function assertChromiumInstalled() {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium is not installed at ${chromiumPath}. Install it with:\n` +
        '  sudo apt-get install -y chromium\n' +
        'or point CHROMIUM_PATH at a Chromium binary. The tests never download a browser.',
    );
  }
}
