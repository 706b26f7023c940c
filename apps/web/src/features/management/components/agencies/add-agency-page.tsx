import { ROUTES } from '@smt/shared';
import { FormPage } from '../form-page';
import { AgencyForm } from './agency-form';

type AddAgencyPageProps = { onAdded: () => void };

/** `/management/tools/agency/add-agency`: the agency form on a page of its own. */
export function AddAgencyPage({ onAdded }: AddAgencyPageProps) {
  return (
    <FormPage title={ROUTES.addAgency.title}>
      <AgencyForm onDone={onAdded} />
    </FormPage>
  );
}
