import { isNewerVersion } from '@smt/shared';

export type ReloadDecision = {
  serverVersion: string;
  buildVersion: string;
  /** The server version this tab last reloaded for, if any. */
  reloadedFor: string | null;
};

/**
 * Reload when the server serves a newer version, but only once per version: if the reload
 * still brought the old build (a stale cache), reloading again would loop forever.
 */
export function shouldReload({
  serverVersion,
  buildVersion,
  reloadedFor,
}: ReloadDecision): boolean {
  return isNewerVersion(serverVersion, buildVersion) && reloadedFor !== serverVersion;
}
