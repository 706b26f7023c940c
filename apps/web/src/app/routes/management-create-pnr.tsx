import { usePublicConfig } from '@/features/auth/api/get-public-config';
import { CreatePnrPage } from '@/features/create-pnr/components/create-pnr-page';

/** `/management/tools/create-pnr` (SPEC §2.11); RouteGate lets only super users in. */
export function ManagementCreatePnrRoute() {
  const config = usePublicConfig();
  return <CreatePnrPage realConnectionNeeded={config.data?.environment === 'production'} />;
}
