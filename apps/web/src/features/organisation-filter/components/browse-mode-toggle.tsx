import { ChoiceSwitch } from '@/components/ui/choice-switch';
import { ORGANISATION_TEXTS } from '@/features/organisation-filter/utils/organisation-texts';

/** 'me': the user's own notifications; 'all': everything in their scope (SPEC §4). */
export type BrowseMode = 'me' | 'all';

export type BrowseModeToggleProps = {
  value: BrowseMode;
  onChange: (next: BrowseMode) => void;
};

const MODES = [
  { value: 'me', label: ORGANISATION_TEXTS.me },
  { value: 'all', label: ORGANISATION_TEXTS.allMode },
] as const;

/** The managers' Me / All switch. */
export function BrowseModeToggle({ value, onChange }: BrowseModeToggleProps) {
  return (
    <ChoiceSwitch
      label={ORGANISATION_TEXTS.browseMode}
      choices={MODES}
      value={value}
      onChange={onChange}
    />
  );
}
