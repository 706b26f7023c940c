import type { AdmKind } from '@smt/shared';
import { useState } from 'react';
import { AdmPerAirlineCard } from '@/features/dashboard/components/cards/adm-per-airline-card';
import { CreditsCard } from '@/features/dashboard/components/cards/credits-card';
import { PendingVsCompletedCard } from '@/features/dashboard/components/cards/pending-vs-completed-card';
import { PotentialSavingCard } from '@/features/dashboard/components/cards/potential-saving-card';
import { PotentialVsActualCard } from '@/features/dashboard/components/cards/potential-vs-actual-card';
import { PriceDataCard } from '@/features/dashboard/components/cards/price-data-card';
import { SavingPerAirlineCard } from '@/features/dashboard/components/cards/saving-per-airline-card';
import { SavingPerCustomerNumberCard } from '@/features/dashboard/components/cards/saving-per-customer-number-card';
import { SavingPerPeriodCard } from '@/features/dashboard/components/cards/saving-per-period-card';
import { ChartGrid } from '@/features/dashboard/components/chart-grid';
import { DashboardNoData } from '@/features/dashboard/components/dashboard-no-data';
import { useDetailedViewEmpty } from '@/features/dashboard/hooks/use-detailed-view-empty';
import type { DashboardRequest } from '@/features/dashboard/utils/dashboard-request';

/**
 * The four pairs of charts of SPEC §2.6 and the credits ledger's figures (issue 36), or 'No data
 * to display' when none has anything.
 */
export function DetailedView({ request }: { request: DashboardRequest }) {
  const [admKind, setAdmKind] = useState<AdmKind>('All');
  const empty = useDetailedViewEmpty(request, admKind);

  if (empty) return <DashboardNoData />;
  return (
    <ChartGrid>
      <PotentialVsActualCard request={request} />
      <SavingPerPeriodCard request={request} />
      <PotentialSavingCard request={request} />
      <PendingVsCompletedCard request={request} />
      <SavingPerAirlineCard request={request} />
      <SavingPerCustomerNumberCard request={request} />
      <AdmPerAirlineCard request={request} kind={admKind} onKindChange={setAdmKind} />
      <PriceDataCard request={request} />
      <CreditsCard request={request} />
    </ChartGrid>
  );
}
