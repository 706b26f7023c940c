import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessages } from '@smt/shared';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useSnack } from '@/components/ui/snack';
import { useUnregister } from '@/features/account/api/unregister';
import { accountTexts } from '@/features/account/utils/account-texts';

type UnregisterSectionProps = {
  impersonating: boolean;
  /** What this browser lets go of while the session still holds (its push subscription). */
  beforeUnregister: () => Promise<void>;
  /** The user is gone: the session ends here as at logout. */
  onUnregistered: () => Promise<void>;
};

/** 'Unregister' with its question (SPEC §4); not while impersonating (SPEC §6). */
export function UnregisterSection({
  impersonating,
  beforeUnregister,
  onUnregistered,
}: UnregisterSectionProps) {
  const snack = useSnack();
  const unregister = useUnregister();
  const [asking, setAsking] = useState(false);

  const confirm = async () => {
    setAsking(false);
    try {
      await beforeUnregister();
      await unregister.mutateAsync();
    } catch {
      snack.error(errorMessages.operationFailed);
      return;
    }
    snack.success(accountTexts.unregistered);
    await onUnregistered();
  };

  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="h6" component="h2">
        {accountTexts.unregisterTitle}
      </Typography>
      <Typography color="text.secondary">
        {impersonating ? accountTexts.unregisterWhileImpersonating : accountTexts.unregisterText}
      </Typography>
      <Button
        variant="outlined"
        color="error"
        disabled={impersonating || unregister.isPending}
        loading={unregister.isPending}
        onClick={() => setAsking(true)}
      >
        {accountTexts.unregister}
      </Button>
      <ConfirmDialog
        open={asking}
        title={accountTexts.unregisterQuestion}
        text={accountTexts.unregisterConfirmText}
        okLabel={accountTexts.unregister}
        closeLabel={accountTexts.cancel}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(false)}
      />
    </Stack>
  );
}
