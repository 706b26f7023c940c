import { managementTexts } from '@/lib/management/management-texts';
import type { ManagementColumn } from './management-columns';
import { StatusSwitch } from './status-switch';

type Status = 'enabled' | 'activated';

/**
 * The Enabled (or Activated) column of a management list: a switch that turns the row's status
 * on or off and says so.
 */
export function statusColumn<Row extends { name: string } & Partial<Record<Status, boolean>>>(
  status: Status,
  set: (row: Row, on: boolean) => Promise<unknown>,
  /** Why a row's switch may not be changed, if it may not. */
  refusalOf: (row: Row) => string | undefined = () => undefined,
): ManagementColumn<Row> {
  const texts =
    status === 'enabled'
      ? {
          label: managementTexts.enabled,
          of: managementTexts.enabledOf,
          done: managementTexts.enabledDone,
        }
      : {
          label: managementTexts.activated,
          of: managementTexts.activatedOf,
          done: managementTexts.activatedDone,
        };
  return {
    key: status,
    label: texts.label,
    value: (row) => (
      <StatusSwitch
        label={texts.of(row.name)}
        checked={row[status] === true}
        onChange={(on) => set(row, on)}
        doneText={(on) => texts.done(row.name, on)}
        refusal={refusalOf(row)}
      />
    ),
  };
}
