import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useAgencyChoices } from '@/features/management/api/list-agency-choices';
import { managementTexts } from '@/features/management/utils/management-texts';
import { FormDialog } from '../form-dialog';
import { ConnectDuffelForm } from './connect-duffel-form';
import { connectionsTexts as texts } from './connections-texts';

type ConnectDuffelDialogProps = {
  open: boolean;
  superUser: boolean;
  onClose: () => void;
};

/**
 * The connect form over the list. It waits for the agency choices, since a manager's form
 * starts on their agency and a form's first values are fixed when it opens.
 */
export function ConnectDuffelDialog({ open, superUser, onClose }: ConnectDuffelDialogProps) {
  const agencies = useAgencyChoices(open);

  return (
    <FormDialog open={open} title={texts.connectDuffel} onClose={onClose}>
      {open &&
        (agencies.isPending ? (
          <Stack sx={{ alignItems: 'center', py: 4 }}>
            <CircularProgress aria-label={managementTexts.loading} />
          </Stack>
        ) : (
          <ConnectDuffelForm
            agencies={agencies.data ?? []}
            agenciesFailed={agencies.isError}
            superUser={superUser}
            onDone={onClose}
            onCancel={onClose}
          />
        ))}
    </FormDialog>
  );
}
