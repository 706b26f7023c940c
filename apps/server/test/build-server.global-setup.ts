import { buildServerBundle } from './built-server';

/** Vitest's global setup of the integration projects: the server bundle they start. */
export default function setup(): void {
  buildServerBundle();
}
