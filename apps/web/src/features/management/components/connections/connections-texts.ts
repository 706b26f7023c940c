// Labels of the connections page (issue 22 leaves its layout to us). The page title comes from
// ROUTES, provider names from PROVIDER_LABELS, the schema's messages from connectionMessages.

export const connectionsTexts = {
  agency: 'Agency',
  allAgencies: 'All agencies',
  provider: 'Provider',
  status: 'Status',
  active: 'Active',
  disconnected: 'Disconnected',
  token: 'Token',
  defaultBranch: 'Default branch',
  metadataKey: 'Agent metadata key',
  webhook: 'Webhook address',
  lastTest: 'Last test',
  passed: 'OK',
  failed: 'Failed',
  bookingsMonitored: 'Bookings monitored',
  none: '—',
  empty: 'No connections yet',
  cantLoad: "Can't load connections",
  connectDuffel: 'Connect Duffel',
  accessToken: 'Access token',
  newAccessToken: 'New access token',
  tokenHint: 'Shown once: it is stored encrypted and never displayed again',
  keepToken: (hint: string | null) =>
    hint === null ? 'Empty keeps the current token' : `Empty keeps the current token (…${hint})`,
  webhookSecret: 'Webhook secret',
  newWebhookSecret: 'New webhook secret',
  webhookSecretHint: "Optional: Duffel's signing secret of this connection's webhook",
  keepWebhookSecret: (has: boolean) =>
    has ? 'Empty keeps the current secret' : 'None yet: empty leaves it without one',
  metadataKeyHint:
    "Orders whose metadata names an agent's e-mail under this key go to that agent; others go to the branch's manager",
  paymentType: 'Pay Duffel with',
  paymentTypeHint:
    'What ticketing a held order and confirming a reprice are paid with, in the agency’s name',
  apiUrl: 'API address',
  apiUrlHint: "Optional: empty uses Duffel's own address",
  connected: 'Duffel connected',
  updated: 'Connection updated',
  test: 'Test connection',
  testOf: (name: string) => `Test connection: ${name}`,
  disconnect: 'Disconnect',
  disconnectOf: (name: string) => `Disconnect ${name}`,
  disconnectQuestion: (name: string) => `Disconnect ${name}?`,
  disconnectText:
    'Monitoring of its bookings stops and no new orders come in through it. Its bookings and their history are kept.',
  disconnectedDone: (name: string) => `${name} disconnected`,
  copy: 'Copy',
  copyWebhookOf: (name: string) => `Copy the webhook address of ${name}`,
  tokenEnding: (hint: string) => `…${hint}`,
  nameOf: (provider: string, agency: string) => `${provider} – ${agency}`,
} as const;
