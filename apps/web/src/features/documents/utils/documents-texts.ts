// The Documents page's own words.
export const DOCUMENTS_TEXTS = {
  title: 'Documents',
  intro: 'Training materials: guides to get started and to work with SMT every day.',
  tryAgain: 'Try again',
  newTab: '(opens in a new tab)',
  inApp: 'In SMT',
  loading: 'Loading documents',
} as const;
