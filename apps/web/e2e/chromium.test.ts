import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, PLAYWRIGHT_DISABLED_FEATURES } from './chromium';

// Where Playwright keeps its Chromium switches: a module of its own up to 1.5x, its core bundle
// since.
const SWITCH_FILES = ['lib/server/chromium/chromiumSwitches.js', 'lib/coreBundle.js'];

/** The features the installed Playwright disables when it launches Chromium. */
function playwrightDisabledFeatures(): string[] {
  const root = path.dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
  for (const file of SWITCH_FILES) {
    const full = path.join(root, file);
    if (!existsSync(full)) continue;
    const list = /disabledFeatures\s*=\s*\[([\s\S]*?)\]/.exec(readFileSync(full, 'utf8'))?.[1];
    if (list === undefined) continue;
    const withoutComments = list.replace(/\/\/.*$/gm, '');
    return [...withoutComments.matchAll(/"([^"]+)"|'([^']+)'/g)].map((m) => (m[1] ?? m[2])!);
  }
  throw new Error(`no disabledFeatures list in playwright-core's ${SWITCH_FILES.join(' or ')}`);
}

describe('the Chromium the journeys and the web bench launch', () => {
  it("should repeat Playwright's own disabled features, which its one --disable-features replaces", () => {
    expect([...PLAYWRIGHT_DISABLED_FEATURES].sort()).toEqual(playwrightDisabledFeatures().sort());
  });

  it('should disable the omnibox popup in the same single switch', () => {
    const switches = CHROMIUM_ARGS.filter((arg) => arg.startsWith('--disable-features='));
    expect(switches).toHaveLength(1);
    const features = switches[0]!.slice('--disable-features='.length).split(',');
    expect(features).toEqual(expect.arrayContaining(['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']));
    expect(features).toEqual(expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES]));
  });
});
