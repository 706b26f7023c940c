import CheckIcon from '@mui/icons-material/CheckCircleOutlined';
import UndoIcon from '@mui/icons-material/UndoOutlined';
import Button from '@mui/material/Button';
import type { CreditItem } from '@smt/shared';
import { useSnack } from '@/components/ui/snack';
import { useSetCreditState } from '@/features/credits/api/set-credit-state';
import { creditTexts } from '@/features/credits/utils/credit-texts';
import { actionErrorText } from '@/lib/submit-error-text';

type CreditStateActionProps = { credit: CreditItem };

/**
 * An open credit is marked used once a ticket uses it; a used one can be opened again when it
 * was marked by mistake. An expired credit is past its last day: nothing to mark.
 */
export function CreditStateAction({ credit }: CreditStateActionProps) {
  const snack = useSnack();
  const change = useSetCreditState();
  if (credit.state === 'expired') return null;
  const next = credit.state === 'open' ? 'used' : 'open';
  const mark = async () => {
    try {
      await change.mutateAsync({ id: credit.id, state: next });
      snack.success(next === 'used' ? creditTexts.markedUsed : creditTexts.markedOpen);
    } catch (error) {
      snack.error(actionErrorText(error));
    }
  };
  return (
    <Button
      size="small"
      loading={change.isPending}
      startIcon={next === 'used' ? <CheckIcon /> : <UndoIcon />}
      aria-label={
        next === 'used'
          ? creditTexts.markUsedOf(credit.passengerName)
          : creditTexts.markOpenOf(credit.passengerName)
      }
      onClick={() => void mark()}
    >
      {next === 'used' ? creditTexts.markUsed : creditTexts.markOpen}
    </Button>
  );
}
