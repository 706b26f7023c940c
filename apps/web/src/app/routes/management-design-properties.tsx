import { DesignPropertiesPage } from '@/features/design-properties/components/design-properties-page';

/** `/management/tools/design-properties` (SPEC §2.11); RouteGate lets in super users only. */
export function ManagementDesignPropertiesRoute() {
  return <DesignPropertiesPage />;
}
