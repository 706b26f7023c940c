import { execFileSync } from 'node:child_process';

// We never download a browser: the browser tests and the web bench drive the system's Debian
// Chromium, launched the same way. Not a test file itself.

/** Nothing in the background that would add requests or work to what is measured. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Where the system's Chromium is, or an error saying how to install it. */
export function findChromium(): string {
  try {
    return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(
      'Chromium is not installed (`which chromium` found nothing). ' +
        'Install it with: apt-get install -y chromium',
    );
  }
}
