import { DesignPropertiesPage } from '@/features/management/components/design-properties/design-properties-page';

/** `/management/tools/design-properties` (SPEC §2.11); RouteGate lets in super users only. */
export function ManagementDesignPropertiesRoute() {
  return <DesignPropertiesPage />;
}
