// Home's own words; group labels come from GROUP_LABEL, states from the shared messages.
export const HOME_TEXTS = {
  title: 'Home',
  summary: 'Needs your attention',
  new: 'New',
  pending: 'Pending',
  newCount: (count: number) => `${count} new`,
  pendingCount: (count: number) => `${count} pending`,
  repricePotential: 'Reprice potential',
  total: 'Total',
  pendingPerGroup: 'Pending per group',
  loading: 'Loading',
  updating: 'Updating',
  tryAgain: 'Try again',
} as const;
