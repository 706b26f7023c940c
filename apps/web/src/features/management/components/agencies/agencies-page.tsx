import { ROUTES, type ManagedAgency } from '@smt/shared';
import type { ReactNode } from 'react';
import { deleteAgency } from '@/features/management/api/delete-agency';
import { downloadAgencyCsv } from '@/features/management/api/download-agency-csv';
import { useAgencyList } from '@/features/management/api/get-agency-list';
import { updateAgencyStatus } from '@/features/management/api/update-agency-status';
import { managementTexts } from '@/features/management/utils/management-texts';
import { KindListPage, type KindListConfig } from '../kind-list-page';
import { AgencyForm } from './agency-form';

const AGENCIES: KindListConfig<ManagedAgency> = {
  title: ROUTES.agency.title,
  addTitle: ROUTES.addAgency.title,
  searchLabel: managementTexts.searchByName,
  kind: 'Agency',
  plural: 'agencies',
  useList: useAgencyList,
  setEnabled: (row, enabled) => updateAgencyStatus({ agencyId: row.id, enabled }),
  remove: (row) => deleteAgency({ agencyId: row.id }),
  download: downloadAgencyCsv,
  columns: [],
  form: (agency, close) => <AgencyForm agency={agency} onDone={close} onCancel={close} />,
};

type AgenciesPageProps = {
  /** The add page, when the caller may open it. */
  addPath?: string | undefined;
  /** What the empty list says, when the caller's role explains it. */
  empty?: ReactNode;
};

/** The agency list (SPEC §2.11): name, enabled, edit and delete. */
export function AgenciesPage({ addPath, empty }: AgenciesPageProps) {
  return <KindListPage config={AGENCIES} addPath={addPath} empty={empty} />;
}
