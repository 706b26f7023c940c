import { successMessages, uiTexts } from '@smt/shared';

// The profile page's own words (SPEC §2.10); the shared ones come from @smt/shared.
export const accountTexts = {
  title: 'Profile',
  name: 'Name',
  email: 'Email',
  deviceNumber: 'Device number',
  keepLoggedIn: uiTexts.keepLoggedIn,
  keepLoggedInWarning: uiTexts.keepLoggedInWarning,
  updateUser: 'Update User',
  updated: successMessages.userUpdated,
  unregisterTitle: 'Unregister',
  unregisterText:
    'Unregistering deletes your user and signs you out. Signing in again later makes a new ' +
    'user with no access until an administrator gives it some.',
  unregister: 'Unregister',
  unregisterWhileImpersonating: 'You cannot unregister while impersonating.',
  unregisterQuestion: 'Unregister?',
  unregisterConfirmText:
    'Your user will be deleted and you will be signed out. This cannot be undone.',
  unregistered: successMessages.unregistered,
  cancel: 'Cancel',
  loadFailed: 'Problem with fetching your data',
} as const;
