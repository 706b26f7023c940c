import {
  buildPath,
  isRouteAllowed,
  NOTIFICATION_LIST_VARIANTS,
  NOTIFICATION_LISTS,
  ROUTES,
  userClassOf,
  type NotificationListName,
  type NotificationListVariant,
} from '@smt/shared';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { CentreFilterControls } from '@/app/routes/notifications';
import { useSignedIn } from '@/app/routes/signed-in-context';
import { NotFoundScreen } from '@/components/errors/not-found-screen';
import { NotificationGroupList } from '@/features/notifications/components/centre/notification-group-list';
import { NotificationDetailsOverlay } from '@/features/notifications/components/details/notification-details-overlay';
import { useCentreSearchParams } from '@/features/notifications/hooks/use-centre-search-params';
import { centreListFilterOf } from '@/features/notifications/utils/centre-access';

function isListName(value: string | undefined): value is NotificationListName {
  return (NOTIFICATION_LISTS as readonly (string | undefined)[]).includes(value);
}

function isVariant(value: string | undefined): value is NotificationListVariant {
  return (NOTIFICATION_LIST_VARIANTS as readonly (string | undefined)[]).includes(value);
}

/** `/notifications/:list/:variant` (SPEC §2.1); an unknown list or variant is not found. */
export function NotificationListRoute() {
  const { list, variant } = useParams();
  if (!isListName(list) || !isVariant(variant)) return <NotFoundScreen />;
  return <NotificationListPage list={list} variant={variant} />;
}

type NotificationListPageProps = { list: NotificationListName; variant: NotificationListVariant };

function NotificationListPage({ list, variant }: NotificationListPageProps) {
  const { user, routeUser } = useSignedIn();
  const { search } = useLocation();
  const { filter, sort, setFilter, setSort } = useCentreSearchParams();
  // The details open over the list itself; closing them leaves the reader where they were.
  const [openId, setOpenId] = useState<number | null>(null);
  const userClass = userClassOf(user.roles, user.multiAgent);

  return (
    <>
      <NotificationGroupList
        list={list}
        variant={variant}
        filter={centreListFilterOf(userClass, filter)}
        sort={sort}
        onSortChange={setSort}
        filters={<CentreFilterControls userClass={userClass} value={filter} onChange={setFilter} />}
        variantPath={(each) =>
          `${buildPath(ROUTES.notificationList.path, { list, variant: each })}${search}`
        }
        onViewDetails={setOpenId}
      />
      {openId !== null && (
        <NotificationDetailsOverlay
          notificationId={openId}
          onClose={() => setOpenId(null)}
          pnrsLinkShown={isRouteAllowed(ROUTES.myPnrs, routeUser)}
        />
      )}
    </>
  );
}
