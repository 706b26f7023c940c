import { HealthPage } from '@/features/health/components/health-page';

/** `/management/tools/health` (SPEC §2.11); RouteGate lets only super users in. */
export function ManagementHealthRoute() {
  return <HealthPage />;
}
