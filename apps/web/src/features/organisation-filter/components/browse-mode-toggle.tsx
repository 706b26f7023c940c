// Interface agreed between home, the notification centre and the organisation filter; being
// written now.
export type BrowseMode = 'me' | 'all';

export type BrowseModeToggleProps = {
  value: BrowseMode;
  onChange: (next: BrowseMode) => void;
};

export function BrowseModeToggle(_props: BrowseModeToggleProps) {
  return null;
}
