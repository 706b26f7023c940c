import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { AgencyItem } from '@smt/shared';
import type { ReactNode } from 'react';
import { FormDialog } from '@/components/management/form-dialog';
import { useAgencyChoices } from '@/lib/management/list-agency-choices';
import { managementTexts } from '@/lib/management/management-texts';

/** The agencies a connect form offers, as the server lists them, and whether that failed. */
export type AgencyChoices = { agencies: readonly AgencyItem[]; failed: boolean };

/** What each provider's connect form takes from the dialog and the page. */
export type ConnectFormProps = {
  /** The agencies the caller may connect, as the server lists them. */
  agencies: readonly AgencyItem[];
  agenciesFailed: boolean;
  /** Super users choose any agency; a manager's is theirs. */
  superUser: boolean;
  onDone: () => void;
  onCancel: () => void;
};

/** A manager's agency is the one choice the server gives them: it comes chosen, and stays. */
export const ownAgencyOf = (agencies: readonly AgencyItem[], superUser: boolean) =>
  !superUser && agencies.length === 1 ? agencies[0] : undefined;

type ConnectDialogProps = {
  open: boolean;
  title: string;
  onClose: () => void;
  /** The provider's connect form, given the agencies to choose from. */
  children: (choices: AgencyChoices) => ReactNode;
};

/**
 * A connect form over the list. It waits for the agency choices, since a manager's form
 * starts on their agency and a form's first values are fixed when it opens.
 */
export function ConnectDialog({ open, title, onClose, children }: ConnectDialogProps) {
  const agencies = useAgencyChoices(open);

  return (
    <FormDialog open={open} title={title} onClose={onClose}>
      {open &&
        (agencies.isPending ? (
          <Stack sx={{ alignItems: 'center', py: 4 }}>
            <CircularProgress aria-label={managementTexts.loading} />
          </Stack>
        ) : (
          children({ agencies: agencies.data ?? [], failed: agencies.isError })
        ))}
    </FormDialog>
  );
}
