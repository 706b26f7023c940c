import { buildTestBundles } from './built-server';

/** Vitest's global setup of the integration projects: the server's and the commands' bundles they run. */
export default function setup(): void {
  buildTestBundles();
}
