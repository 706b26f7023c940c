import { useVersionCheck } from '@/features/version-check/hooks/use-version-check';

/** Mounted once by the app; renders nothing. */
export function VersionCheck() {
  useVersionCheck();
  return null;
}
