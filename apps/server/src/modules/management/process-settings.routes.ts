import {
  connectionOverridesText,
  PROCESS_FIELDS,
  PROCESS_LABELS,
  processSettingsCalls as calls,
  SETTINGS_PROCESSES,
} from '@smt/shared';
import { CSV_TYPE, sendAttachment } from '@/lib/attachment';
import { routeCalls } from '@/lib/route-call';
import { callerOf } from '@/plugins/auth';
import { managementCsv, managementCsvFileName, type CsvColumn } from './management-csv';
import type { SettingsItem } from './process-settings.service';
import { routesUsing } from '@/routes-using';

const done = { ok: true as const };

const CSV: CsvColumn<SettingsItem>[] = [
  { header: 'PCC', value: (row) => row.pcc },
  { header: 'Branch', value: (row) => row.branchName },
  { header: 'Agency', value: (row) => row.agencyName },
  { header: 'Settings', value: (row) => (row.own ? 'Own' : 'Default') },
  ...SETTINGS_PROCESSES.flatMap((process): CsvColumn<SettingsItem>[] => [
    {
      header: `${PROCESS_LABELS[process]} active`,
      value: (row) => row.settings[PROCESS_FIELDS[process].enabled],
    },
    {
      header: `${PROCESS_LABELS[process]} every (minutes)`,
      value: (row) => row.settings[PROCESS_FIELDS[process].interval],
    },
  ]),
  { header: 'Minimum saving', value: (row) => row.settings.minSavingAmount ?? '' },
  { header: 'Minimum saving (%)', value: (row) => row.settings.minSavingPercent ?? '' },
  { header: 'Ticketing window (hours)', value: (row) => row.settings.ticketingWindowHours },
  { header: 'Last ticketing call (hours)', value: (row) => row.settings.lastCallHours },
  { header: 'Offer stricter fares', value: (row) => row.settings.offerStricterFares },
  { header: 'Agency reissue fee (per ticket)', value: (row) => row.settings.reissueFee },
  { header: 'Fee currency', value: (row) => row.settings.reissueFeeCurrency },
  { header: 'Void window (hours after issue)', value: (row) => row.settings.voidWindowHours },
  { header: 'Credit-only reprices', value: (row) => row.settings.creditReprices },
  {
    header: 'Warn before a credit expires (days)',
    value: (row) => row.settings.creditWarningDays,
  },
  { header: 'Minor change under (minutes)', value: (row) => row.settings.minorShiftMinutes },
  {
    header: 'Minor domestic change under (minutes)',
    value: (row) => row.settings.minorShiftMinutesDomestic,
  },
  {
    header: 'Major when leaving earlier by (minutes)',
    value: (row) => row.settings.earlierShiftMinutes,
  },
  {
    header: 'Minimum connecting time (minutes)',
    value: (row) => row.settings.minConnectionMinutes,
  },
  {
    header: 'Minimum connecting times by airport',
    value: (row) => connectionOverridesText(row.settings.connectionOverrides),
  },
  { header: 'Accept minor changes', value: (row) => row.settings.autoAcceptMinor },
  {
    header: 'Chase unhandled changes after (hours)',
    value: (row) => row.settings.escalateAfterHours,
  },
  { header: 'Remove inactive segments by (hours)', value: (row) => row.settings.removeByHours },
  { header: 'Churning alert from (cancellations)', value: (row) => row.settings.minCancellations },
  {
    header: 'Chase unanswered requests after (hours)',
    value: (row) => row.settings.requestChaseHours,
  },
];

/** The process settings pages (SPEC §2.11, §6): lists, add, edit and back to the default. */
export const processSettingsRoutes = routesUsing(
  ['processSettingsAdmin', 'clock'],
  async (app, { processSettingsAdmin: admin, clock }) => {
    // The list shows the default every branch falls back to, so it must exist before the
    // engine has ever started.
    await admin.ensureDefaults();
    routeCalls(app, { tags: ['management'] }, calls, {
      list: {
        summary:
          'A page of the branches the caller may manage with the settings each runs with, ' +
          'and the default the others follow',
        handle: async ({ query }, request) => admin.list(callerOf(request), query),
      },
      csv: {
        summary: 'Every branch of a search with its settings, as a CSV file',
        produces: ['text/csv'],
        handle: async ({ query }, request, reply) =>
          sendAttachment(reply, {
            type: CSV_TYPE,
            filename: managementCsvFileName('process-settings', clock.now()),
            body: managementCsv(CSV, await admin.all(callerOf(request), query), (error) =>
              request.log.error({ err: error }, 'process settings CSV failed while streaming'),
            ),
          }),
      },
      create: {
        summary: 'Gives a branch settings of its own (409 when it has them already)',
        handle: async ({ body }, request) => (await admin.create(callerOf(request), body), done),
      },
      update: {
        summary:
          "Sets a branch's settings, or without branchId the system default (super users only)",
        handle: async ({ body }, request) => (await admin.update(callerOf(request), body), done),
      },
      delete: {
        summary: "Drops a branch's own settings, so it follows the default again",
        handle: async ({ body }, request) => (await admin.remove(callerOf(request), body), done),
      },
    });
  },
);
