import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { AddKindPage } from '@/components/management/add-kind-page';
import { AGENCIES } from './agency-kind';

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
      <AddKindPage config={AGENCIES} onAdded={onAdded} />
    </Stack>
  );
}
