import { APP_BASE_PATH, ROUTES, type DocumentResourceList } from '@smt/shared';

/**
 * The resource list a deployment without a storage file of its own serves: the guides the SPA
 * ships beside itself and the support page. Paths are read against the list's own address.
 */
export const SHIPPED_RESOURCES: DocumentResourceList = [
  {
    id: 'ON_BOARDING',
    name: 'Getting started: onboarding guide',
    url: `${APP_BASE_PATH}/guides/onboarding.html`,
  },
  { id: 'USER_GUIDE', name: 'User guide', url: `${APP_BASE_PATH}/guides/user-guide.html` },
  { id: 'CONTACT_US', name: 'Contact us', url: `${APP_BASE_PATH}${ROUTES.support.path}` },
];
