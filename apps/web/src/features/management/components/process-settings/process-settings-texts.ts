// Labels of the process settings pages (SPEC §2.11 leaves their layouts to us). Page titles
// come from ROUTES, process names from PROCESS_LABELS.

export const processSettingsTexts = {
  searchByBranch: 'Search by branch name or PCC',
  branch: 'Branch',
  agency: 'Agency',
  settings: 'Settings',
  own: 'Own',
  default: 'Default',
  activeProcesses: 'Active processes',
  minimumSaving: 'Minimum saving',
  ticketingWindow: 'Ticketing window',
  none: 'None',
  noMinimum: 'No minimum',
  defaultSettings: 'Default settings',
  defaultFollowers: 'Every branch without settings of its own runs with these.',
  editDefault: 'Edit default settings',
  active: 'Active',
  checkEvery: 'Check every (minutes)',
  savingAmount: 'Minimum saving amount',
  savingPercent: 'Minimum saving (%)',
  windowHours: 'Ticketing due within (hours)',
  savingHint: 'Reprice only when the saving reaches the amount and the percent given',
  chooseBranch: 'Choose a branch',
  backToDefault: 'Back to default',
  backToDefaultOf: (name: string) => `Back to default: ${name}`,
  backToDefaultQuestion: (name: string) => `Return ${name} to the default settings?`,
  backToDefaultText: 'Its own settings are deleted and it runs with the default settings again.',
  backToDefaultDone: (name: string) => `${name} follows the default settings`,
  saved: 'Process settings saved',
  defaultSaved: 'Default settings saved',
  cantLoad: "Can't load process settings",
  editOf: (name: string) => `Edit process settings: ${name}`,
  every: (minutes: number) => {
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    if (hours === 0) return `every ${rest} min`;
    return rest === 0 ? `every ${hours} h` : `every ${hours} h ${rest} min`;
  },
  saving: (amount: number | null, percent: number | null) =>
    [amount === null ? null : amount.toFixed(2), percent === null ? null : `${percent}%`]
      .filter((part) => part !== null)
      .join(' and '),
  hours: (hours: number) => `${hours} h`,
} as const;
