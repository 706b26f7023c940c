import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';

type ChoiceSwitchProps<T extends string> = {
  /** The group's accessible name. */
  label: string;
  choices: readonly { value: T; label: string }[];
  value: T;
  onChange: (next: T) => void;
};

/** A row of buttons of which exactly one is always chosen (Me / All, Monthly / Detailed). */
export function ChoiceSwitch<T extends string>({
  label,
  choices,
  value,
  onChange,
}: ChoiceSwitchProps<T>) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={value}
      aria-label={label}
      // Pressing the chosen button again answers null: something is always chosen.
      onChange={(_event, next: T | null) => {
        if (next !== null && next !== value) onChange(next);
      }}
    >
      {choices.map((choice) => (
        <ToggleButton key={choice.value} value={choice.value} sx={{ px: 2 }}>
          {choice.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
