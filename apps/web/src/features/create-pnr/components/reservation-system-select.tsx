import { PROVIDER_LABELS, type ConnectionItem } from '@smt/shared';
import { ChoiceSelect } from '@/components/management/choice-select';
import { createPnrTexts as texts } from './create-pnr-texts';

type ReservationSystemSelectProps = {
  /** The agency's live connections. */
  connections: readonly ConnectionItem[];
  /** The chosen connection's id; empty for the simulator. */
  value: string;
  onChange: (connectionId: string) => void;
  error?: string | undefined;
};

/**
 * Where the booking is made, asked only when the agency has somewhere besides the simulator.
 * The simulator is the empty choice: the server books there when no connection is named.
 */
export function ReservationSystemSelect({
  connections,
  value,
  onChange,
  error,
}: ReservationSystemSelectProps) {
  if (connections.length < 2) return null;
  return (
    <ChoiceSelect
      label={texts.reservationSystem}
      name="connectionId"
      value={value}
      emptyLabel={PROVIDER_LABELS.SIMULATOR}
      choices={connections
        .filter((each) => each.provider !== 'SIMULATOR')
        .map((each) => ({ value: String(each.id), label: PROVIDER_LABELS[each.provider] }))}
      onChange={onChange}
      error={error}
    />
  );
}
