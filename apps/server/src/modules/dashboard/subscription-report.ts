import { Process, PROCESS_LABELS } from '@smt/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';
import { inScope, type Scope } from '@/db/scope';
import { agencies, agents, branches } from '@/db/schema';

// The subscription report (SPEC §2.6 'Subscription report'): for every agent in scope and every
// process, whether they get it by e-mail and by push, through a subscription of their branch or
// of their own.

export type SubscriptionReportRow = {
  agency: string;
  branch: string;
  pcc: string;
  agent: string;
  initials: string;
  process: Process;
  email: boolean;
  push: boolean;
};

export const SUBSCRIPTION_REPORT_COLUMNS = [
  { key: 'agency', header: 'Agency' },
  { key: 'branch', header: 'Branch' },
  { key: 'pcc', header: 'PCC' },
  { key: 'agent', header: 'Agent' },
  { key: 'initials', header: 'Initials' },
  { key: 'process', header: 'Process' },
  { key: 'email', header: 'EMAIL' },
  { key: 'push', header: 'PUSH' },
] as const;

export async function subscriptionReport(
  db: Db,
  scope: Scope,
  agencyIds: number[],
): Promise<SubscriptionReportRow[]> {
  const processes = sql.join(
    Process.options.map((process) => sql`(${process})`),
    sql`, `,
  );
  const named = agencyIds.length > 0 ? sql`and ${agencies.id} in ${agencyIds}` : sql``;
  return queryRows<SubscriptionReportRow>(
    db,
    sql`select ${agencies.name} as agency, ${branches.name} as branch, ${branches.pcc} as pcc,
          ${agents.name} as agent, ${agents.initials} as initials, p.process,
          coalesce(bool_or(s.media = 'EMAIL'), false) as email,
          coalesce(bool_or(s.media = 'PUSH'), false) as push
        from ${agents}
        join ${branches} on ${branches.id} = ${agents.branchId}
        join ${agencies} on ${agencies.id} = ${branches.agencyId}
        cross join (values ${processes}) as p(process)
        left join subscriptions s on s.branch_id = ${branches.id}
          and (s.agent_id is null or s.agent_id = ${agents.id}) and s.process = p.process
        where ${inScope(scope, { agency: agencies.id, branch: branches.id, agent: agents.id })}
          ${named}
        group by ${agencies.name}, ${branches.name}, ${branches.pcc}, ${agents.name},
          ${agents.initials}, ${agents.id}, p.process
        order by ${agencies.name}, ${branches.name}, ${agents.name}, ${agents.id}, p.process`,
  );
}

/** The process by its name and 'Yes' / 'No' for the file, the way people read it. */
export const subscriptionCsvRecord = (row: SubscriptionReportRow) => ({
  ...row,
  process: PROCESS_LABELS[row.process],
  email: row.email ? 'Yes' : 'No',
  push: row.push ? 'Yes' : 'No',
});
