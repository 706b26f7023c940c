// Labels of the health page (SPEC §2.11 leaves its layout to us).
export const healthTexts = {
  engine: 'Monitoring engine',
  bookingsMonitored: 'Bookings monitored',
  checkedLastMinute: 'Checks in the last minute',
  upToDate: 'Up to date with the GDS',
  upToDateOf: (upToDate: number, monitored: number) => `${upToDate} of ${monitored}`,
  upToDateMeans:
    'Checked on their schedule, none overdue by more than a minute. Bookings are checked more often as departure nears, not every minute.',
  queueDepth: 'Queue depth',
  deliveries: 'Deliveries',
  pending: 'Pending',
  sending: 'Sending',
  sent: 'Sent',
  sentLastMinute: 'Sent in the last minute',
  failed: 'Failed',
  dead: 'Dead',
  lastErrors: 'Last errors',
  noErrors: 'No errors',
  updatedAt: (time: string, seconds: number) =>
    `Updated ${time}, refreshed every ${seconds} seconds`,
  cantLoad: "Can't load the engine's state",
  subscriptions: 'Agent subscriptions',
  subscriptionsText: 'Which agent gets which process by e-mail and by push, in every agency.',
} as const;
