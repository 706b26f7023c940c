import {
  PROCESS_FIELDS,
  PROCESS_LABELS,
  processSettingsCalls as calls,
  SETTINGS_PROCESSES,
} from '@smt/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeCall } from '@/lib/route-call';
import { ensureDefaultProcessSettings } from '@/monitoring/process-settings';
import { authOf } from '@/plugins/auth';
import { managementCsv, managementCsvFileName, type CsvColumn } from './management-csv';
import type { Caller } from './organisation-admin.service';
import { createProcessSettingsAdmin, type SettingsItem } from './process-settings.service';

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
  { header: 'Minor change under (minutes)', value: (row) => row.settings.minorShiftMinutes },
  {
    header: 'Minimum connecting time (minutes)',
    value: (row) => row.settings.minConnectionMinutes,
  },
  { header: 'Accept minor changes', value: (row) => row.settings.autoAcceptMinor },
  { header: 'Remove inactive segments by (hours)', value: (row) => row.settings.removeByHours },
  { header: 'Churning alert from (cancellations)', value: (row) => row.settings.minCancellations },
];

/** The process settings pages (SPEC §2.11, §6): lists, add, edit and back to the default. */
export const processSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  // The list shows the default every branch falls back to, so it must exist before the
  // engine has ever started.
  await ensureDefaultProcessSettings(db);
  const admin = createProcessSettingsAdmin({ db });
  const tags = ['management'];
  const callerOf = (request: FastifyRequest): Caller => {
    const { user, realUser, scope } = authOf(request);
    return { userId: user.id, realUserId: realUser.id, scope };
  };

  routeCall(
    app,
    calls.list,
    {
      tags,
      summary:
        'A page of the branches the caller may manage with the settings each runs with, ' +
        'and the default the others follow',
    },
    async ({ query }, request) => admin.list(callerOf(request), query),
  );
  routeCall(
    app,
    calls.csv,
    {
      tags,
      summary: 'Every branch of a search with its settings, as a CSV file',
      produces: ['text/csv'],
    },
    async ({ query }, request, reply) => {
      const rows = await admin.all(callerOf(request), query);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${managementCsvFileName('process-settings', app.clock.now())}"`,
        )
        .send(
          managementCsv(CSV, rows, (error) =>
            request.log.error({ err: error }, 'process settings CSV failed while streaming'),
          ),
        );
    },
  );
  routeCall(
    app,
    calls.create,
    { tags, summary: 'Gives a branch settings of its own (409 when it has them already)' },
    async ({ body }, request) => (await admin.create(callerOf(request), body), done),
  );
  routeCall(
    app,
    calls.update,
    {
      tags,
      summary:
        "Sets a branch's settings, or without branchId the system default (super users only)",
    },
    async ({ body }, request) => (await admin.update(callerOf(request), body), done),
  );
  routeCall(
    app,
    calls.delete,
    { tags, summary: "Drops a branch's own settings, so it follows the default again" },
    async ({ body }, request) => (await admin.remove(callerOf(request), body), done),
  );
};
