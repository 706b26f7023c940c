import {
  PROCESS_FIELDS,
  PROCESS_LABELS,
  PROCESS_SETTINGS_CALLS as CALLS,
  ProcessSettingsCreateBody,
  ProcessSettingsCsvQuery,
  ProcessSettingsDeleteBody,
  ProcessSettingsListQuery,
  ProcessSettingsPage,
  ProcessSettingsUpdateBody,
  ROUTES,
  SETTINGS_PROCESSES,
} from '@smt/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ensureDefaultProcessSettings } from '@/monitoring/process-settings';
import { authOf } from '@/plugins/auth';
import { managementCsv, managementCsvFileName, type CsvColumn } from './management-csv';
import type { Caller } from './organisation-admin.service';
import { createProcessSettingsAdmin, type SettingsItem } from './process-settings.service';

const Done = z.object({ ok: z.literal(true) });
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
  const path = (call: string) => `/api/${call}`;
  const callerOf = (request: FastifyRequest): Caller => {
    const { user, realUser, scope } = authOf(request);
    return { userId: user.id, realUserId: realUser.id, scope };
  };

  app.get(
    path(CALLS.list),
    {
      config: { access: ROUTES.processSettings },
      schema: {
        tags,
        summary:
          'A page of the branches the caller may manage with the settings each runs with, ' +
          'and the default the others follow',
        querystring: ProcessSettingsListQuery,
        response: { 200: ProcessSettingsPage },
      },
    },
    async (request) => admin.list(callerOf(request), request.query),
  );
  app.get(
    path(CALLS.csv),
    {
      config: { access: ROUTES.processSettings },
      schema: {
        tags,
        summary: 'Every branch of a search with its settings, as a CSV file',
        querystring: ProcessSettingsCsvQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const rows = await admin.all(callerOf(request), request.query);
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
  app.post(
    path(CALLS.create),
    {
      config: { access: ROUTES.addProcessSettings },
      schema: {
        tags,
        summary: 'Gives a branch settings of its own (409 when it has them already)',
        body: ProcessSettingsCreateBody,
        response: { 200: Done },
      },
    },
    async (request) => (await admin.create(callerOf(request), request.body), done),
  );
  app.post(
    path(CALLS.update),
    {
      config: { access: ROUTES.processSettings },
      schema: {
        tags,
        summary:
          "Sets a branch's settings, or without branchId the system default (super users only)",
        body: ProcessSettingsUpdateBody,
        response: { 200: Done },
      },
    },
    async (request) => (await admin.update(callerOf(request), request.body), done),
  );
  app.post(
    path(CALLS.delete),
    {
      config: { access: ROUTES.processSettings },
      schema: {
        tags,
        summary: "Drops a branch's own settings, so it follows the default again",
        body: ProcessSettingsDeleteBody,
        response: { 200: Done },
      },
    },
    async (request) => (await admin.remove(callerOf(request), request.body), done),
  );
};
