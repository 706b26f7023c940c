import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import {
  buildPath,
  isRouteAllowed,
  parseNotificationId,
  ROUTES,
  userClassOf,
  type UserClass,
} from '@smt/shared';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useSignedIn } from '@/app/routes/signed-in-context';
import { NotificationCentre } from '@/features/notifications/components/centre/notification-centre';
import { NotificationDetailsOverlay } from '@/features/notifications/components/details/notification-details-overlay';
import { useCentreSearchParams } from '@/features/notifications/hooks/use-centre-search-params';
import { centreControlsOf, centreListFilterOf } from '@/features/notifications/utils/centre-access';
import type { CentreFilterState } from '@/features/notifications/utils/centre-filter-param';
import { BrowseModeToggle } from '@/features/organisation-filter/components/browse-mode-toggle';
import { OrganisationFilter } from '@/features/organisation-filter/components/organisation-filter';

/**
 * `/notifications` and `/notifications/:id` (SPEC §2.1): `?id=123` becomes `/notifications/123`,
 * an id that is not digits goes back to the list; the details open over the centre.
 */
export function NotificationsRoute() {
  const { id } = useParams();
  const [searchParams] = useSearchParams();

  if (id === undefined) {
    const queryId = searchParams.get('id');
    if (queryId !== null) {
      const rest = new URLSearchParams(searchParams);
      rest.delete('id');
      const notificationId = parseNotificationId(queryId);
      const pathname =
        notificationId === null
          ? ROUTES.notifications.path
          : buildPath(ROUTES.notificationDetails.path, { id: notificationId });
      return <Navigate replace to={{ pathname, search: rest.toString() }} />;
    }
    return <NotificationsPage notificationId={null} />;
  }

  const notificationId = parseNotificationId(id);
  if (notificationId === null) {
    return (
      <Navigate
        replace
        to={{ pathname: ROUTES.notifications.path, search: searchParams.toString() }}
      />
    );
  }
  return <NotificationsPage notificationId={notificationId} />;
}

function NotificationsPage({ notificationId }: { notificationId: number | null }) {
  const { user, routeUser } = useSignedIn();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { view, filter, sort, setView, setFilter, setSort } = useCentreSearchParams();
  const userClass = userClassOf(user.roles, user.multiAgent);

  return (
    <>
      <NotificationCentre
        view={view}
        onViewChange={setView}
        sort={sort}
        onSortChange={setSort}
        filter={centreListFilterOf(userClass, filter)}
        filters={<CentreFilterControls userClass={userClass} value={filter} onChange={setFilter} />}
        onViewDetails={(id) =>
          void navigate({ pathname: buildPath(ROUTES.notificationDetails.path, { id }), search })
        }
      />
      {notificationId !== null && (
        <NotificationDetailsOverlay
          notificationId={notificationId}
          onClose={() => void navigate({ pathname: ROUTES.notifications.path, search })}
          pnrsLinkShown={isRouteAllowed(ROUTES.myPnrs, routeUser)}
        />
      )}
    </>
  );
}

type CentreFilterControlsProps = {
  userClass: UserClass;
  value: CentreFilterState;
  onChange: (next: CentreFilterState) => void;
};

/** The Me/All toggle and the organisation filter, as far as the user's class has them (SPEC §6). */
export function CentreFilterControls({ userClass, value, onChange }: CentreFilterControlsProps) {
  const controls = centreControlsOf(userClass, value);
  if (!controls.modeToggle && controls.organisationFilter === 'hidden') return null;
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ alignItems: { md: 'center' } }}
    >
      {controls.modeToggle && (
        <BrowseModeToggle value={value.mode} onChange={(mode) => onChange({ ...value, mode })} />
      )}
      {controls.organisationFilter !== 'hidden' && (
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <OrganisationFilter
            value={{
              agencyIds: value.agencyIds,
              branchIds: value.branchIds,
              agentIds: value.agentIds,
            }}
            onChange={(selection) => onChange({ ...value, ...selection })}
            disabled={controls.organisationFilter === 'disabled'}
          />
        </Box>
      )}
    </Stack>
  );
}
