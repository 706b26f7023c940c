import {
  PROCESS_FIELDS,
  PROCESS_PARAM_FIELDS,
  SETTINGS_PROCESSES,
  type Process,
  type ProcessParamField,
  type ProcessParams,
  type ProcessSettingsFields,
  type ProcessSettingsValues,
  type SettingsProcess,
} from '@smt/shared';
import { DEFAULT_PROCESS_SETTINGS, effectiveParams } from '@/monitoring/process-settings';
import type { NewSettingsRow, SettingsRow } from './process-settings.repository';

// Between the process_settings rows and the pages' values. Reading follows the engine's
// `loadBranchSettings` (a branch's row over the default row over the built-in defaults), its
// parameters through the engine's own `effectiveParams`, so the list shows what the engine
// runs; the integration test holds both to it.

type ByProcess = ReadonlyMap<Process, SettingsRow>;

export function byProcess(rows: readonly SettingsRow[]): Map<Process, SettingsRow> {
  return new Map(rows.map((row) => [row.process, row]));
}

/** The values a branch runs with: its own rows over the default rows. */
export function effectiveValues(defaults: ByProcess, own: ByProcess): ProcessSettingsValues {
  const row = (process: Process) => own.get(process) ?? defaults.get(process);
  const values: Record<string, boolean | number | null> = {};
  for (const process of SETTINGS_PROCESSES) {
    const fields = PROCESS_FIELDS[process];
    values[fields.enabled] = row(process)?.enabled ?? true;
    values[fields.interval] =
      row(process)?.checkIntervalMinutes ?? DEFAULT_PROCESS_SETTINGS[process].checkIntervalMinutes;
  }
  return {
    ...(values as Omit<
      ProcessSettingsValues,
      'minSavingAmount' | 'minSavingPercent' | 'ticketingWindowHours' | ProcessParamField
    >),
    minSavingAmount: row('RP')?.minSavingAmount ?? null,
    minSavingPercent: row('RP')?.minSavingPercent ?? null,
    ticketingWindowHours:
      row('TD')?.ticketingWindowHours ?? DEFAULT_PROCESS_SETTINGS.TD.ticketingWindowHours,
    ...effectiveParams(row),
  };
}

const enabledOf = (fields: ProcessSettingsFields, process: SettingsProcess) =>
  fields[PROCESS_FIELDS[process].enabled];
const intervalOf = (fields: ProcessSettingsFields, process: SettingsProcess) =>
  fields[PROCESS_FIELDS[process].interval];

/**
 * A process's `params` after a save: what the row the branch followed until now had (other
 * keys included), with the parameters the caller gave over it.
 */
function paramsAfter(
  process: SettingsProcess,
  fields: ProcessSettingsFields,
  followed: ByProcess,
): ProcessParams {
  const given = PROCESS_PARAM_FIELDS[process].flatMap((key: ProcessParamField) =>
    fields[key] === undefined ? [] : [[key, fields[key]] as const],
  );
  return {
    ...(followed.get(process)?.params ?? DEFAULT_PROCESS_SETTINGS[process].params ?? {}),
    ...Object.fromEntries(given),
  };
}

/**
 * The rows that store a form's settings for a branch (or the default, `null`). Parameters a
 * caller leaves out are kept from the rows the branch followed until now.
 */
export function rowsOf(
  branchId: number | null,
  fields: ProcessSettingsFields,
  followed: ByProcess,
): (NewSettingsRow & { process: SettingsProcess })[] {
  return SETTINGS_PROCESSES.map((process) => ({
    branchId,
    process,
    enabled: enabledOf(fields, process),
    checkIntervalMinutes: intervalOf(fields, process),
    minSavingAmount: process === 'RP' ? (fields.minSavingAmount ?? null) : null,
    minSavingPercent: process === 'RP' ? (fields.minSavingPercent ?? null) : null,
    ticketingWindowHours: process === 'TD' ? fields.ticketingWindowHours : null,
    params: paramsAfter(process, fields, followed),
  }));
}
