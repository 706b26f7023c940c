import { useSignedIn } from '@/app/routes/signed-in-context';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { useDashboardSearchParams } from '@/features/dashboard/hooks/use-dashboard-search-params';
import { OrganisationFilter } from '@/features/organisation-filter/components/organisation-filter';
import { useOrganisationLists } from '@/features/organisation-filter/hooks/use-organisation-lists';
import { homeScopeOf } from '@/features/organisation-filter/utils/home-scope';
import { isAllSelected } from '@/features/organisation-filter/utils/organisation-cascade';

/**
 * `/dashboard` (SPEC §2.6); RouteGate lets only super users and managers in. The organisation
 * filter's selection, kept in the dashboard's query string, narrows the charts as home's does.
 */
export function DashboardRoute() {
  const { user } = useSignedIn();
  const search = useDashboardSearchParams();
  const selection = search.organisation;
  const { lists } = useOrganisationLists(selection);
  const scope = homeScopeOf(selection, lists);

  return (
    <DashboardPage
      search={search}
      scope={scope}
      superUser={user.roles.includes('SUPERUSER')}
      organisationFilter={
        <OrganisationFilter value={selection} onChange={search.setOrganisation} />
      }
      // The report names agencies only when the selection leaves some out (SPEC §7.3).
      subscriptionAgencies={
        isAllSelected(selection.agencyIds, lists.agencies) ? [] : selection.agencyIds
      }
    />
  );
}
