// The push control's own words.
export const PUSH_TEXTS = {
  label: 'Push notifications on this device',
  unsupported: 'This browser cannot receive push notifications.',
  blocked: "Notifications are blocked for this site in the browser's settings.",
} as const;
