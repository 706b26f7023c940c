import Stack from '@mui/material/Stack';
import { ROUTES } from '@smt/shared';
import type { ReactNode } from 'react';
import { FormPage } from '../form-page';
import { AgencyForm } from './agency-form';

type AddAgencyPageProps = {
  onAdded: () => void;
  /** Shown above the form: a new registered user's welcome. */
  intro?: ReactNode;
};

/** `/management/tools/agency/add-agency`: the agency form on a page of its own. */
export function AddAgencyPage({ onAdded, intro }: AddAgencyPageProps) {
  return (
    <Stack spacing={2}>
      {intro}
      <FormPage title={ROUTES.addAgency.title}>
        <AgencyForm onDone={onAdded} />
      </FormPage>
    </Stack>
  );
}
