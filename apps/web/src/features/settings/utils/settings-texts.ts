// The settings page's own words.
export const settingsTexts = {
  pushTitle: 'Push notifications on this browser',
  pushOn: 'This browser receives push notifications.',
  pushOff: 'This browser does not receive push notifications.',
  pushBlocked:
    "Notifications are blocked for this site in the browser's settings. Allow them there, then turn push on here.",
  pushUnsupported: 'This browser cannot receive push notifications.',
  pushChecking: 'Checking this browser…',
  turnOn: 'Turn on',
  turnOff: 'Turn off',
  channelsTitle: 'Your notifications',
  channelsWhere:
    'Which notification types reach you, by e-mail or push, is chosen on the Notification types page.',
} as const;
