import type { ReactNode } from 'react';
import { usePublicConfig } from '@/features/auth/api/get-public-config';

/**
 * Asks for the deployment's settings at once, so the call runs while the page's chunk is still
 * loading rather than after it; the page reads them from the query cache.
 */
export function WithPublicConfig({ children }: { children: ReactNode }) {
  usePublicConfig();
  return children;
}
