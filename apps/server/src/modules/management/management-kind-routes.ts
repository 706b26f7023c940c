import type { Call, CallAnswer, CallRequest, Done } from '@smt/shared';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '@/lib/clock';
import { routeCall } from '@/lib/route-call';
import { callerOf } from '@/plugins/auth';
import { sendManagementCsv, type CsvColumn } from './management-csv';
import type { CheckedCaller } from './organisation-admin.service';

// Agencies, branches, agents and users are managed alike: the same six calls, each routed here
// from its contract and handed to the kind's own service.

/** A change that has nothing to answer but that it was done. */
type DoneCall = Call & { answer: typeof Done };

type KindCalls = {
  create: Call;
  update: DoneCall;
  updateStatus: DoneCall;
  remove: DoneCall;
  list: Call;
  csv: Call;
};

const done = { ok: true as const };

type Act<C extends Call> = (
  caller: CheckedCaller,
  input: CallRequest<C>['body'],
) => Promise<CallAnswer<C>>;

/** A change whose answer is only that it was done. */
type Change<C extends Call> = (
  caller: CheckedCaller,
  input: CallRequest<C>['body'],
) => Promise<unknown>;

/** What the kind's service does for its changes, its list page and its CSV file. */
type KindService<K extends KindCalls, Row> = {
  create: Act<K['create']>;
  update: Change<K['update']>;
  setEnabled: Change<K['updateStatus']>;
  delete: Change<K['remove']>;
  page: (
    caller: CheckedCaller,
    query: CallRequest<K['list']>['query'],
  ) => Promise<CallAnswer<K['list']>>;
  /** Every row of a CSV file's search, in the list's order. */
  rows: (caller: CheckedCaller, query: CallRequest<K['csv']>['query']) => Promise<Row[]>;
};

type KindRoutes<K extends KindCalls, Row> = {
  /** The list's name, as its CSV file is named. */
  list: string;
  calls: K;
  /** The OpenAPI summary of each call. */
  summaries: Record<keyof KindCalls, string>;
  service: KindService<K, Row>;
  columns: readonly CsvColumn<Row>[];
};

// The calls that change a kind, and its service's name for each.
const CHANGES = { update: 'update', updateStatus: 'setEnabled', remove: 'delete' } as const;

/** Routes one kind's six calls. */
export function routeKind<K extends KindCalls, Row>(
  app: Pick<FastifyInstance, 'route'>,
  clock: Clock,
  kind: KindRoutes<K, Row>,
): void {
  const { service } = kind;
  const docs = (call: keyof KindCalls) => ({ tags: ['management'], summary: kind.summaries[call] });
  routeCall<K['create']>(app, kind.calls.create, docs('create'), ({ body }, request) =>
    service.create(callerOf(request), body),
  );
  for (const change of ['update', 'updateStatus', 'remove'] as const) {
    routeCall<K[typeof change]>(
      app,
      kind.calls[change],
      docs(change),
      async ({ body }, request) => {
        await service[CHANGES[change]](callerOf(request), body);
        // K's changes answer Done (DoneCall), which the compiler cannot see through K.
        return done as CallAnswer<K[typeof change]>;
      },
    );
  }
  routeCall<K['list']>(app, kind.calls.list, docs('list'), ({ query }, request) =>
    service.page(callerOf(request), query),
  );
  routeCall<K['csv']>(
    app,
    kind.calls.csv,
    { ...docs('csv'), produces: ['text/csv'] },
    async ({ query }, request, reply) =>
      sendManagementCsv(request, reply, {
        list: kind.list,
        columns: kind.columns,
        rows: await service.rows(callerOf(request), query),
        now: clock.now(),
      }),
  );
}
