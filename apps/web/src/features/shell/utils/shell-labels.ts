// The shell's own words, in one place for its components and tests.
export const SHELL_LABELS = {
  mainNav: 'Main',
  settings: 'Settings',
  adminSettings: 'Admin settings',
  menu: 'Menu',
  trainingMaterials: 'Training materials',
  feedback: 'Feedback',
  close: 'Close',
  logout: 'Logout',
  stopImpersonation: 'Stop Impersonation',
  accountSettings: 'Account settings',
} as const;
