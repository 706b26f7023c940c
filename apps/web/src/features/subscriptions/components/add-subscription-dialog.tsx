import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  DIALOG_RESET_DELAY_MS,
  errorMessages,
  Media,
  SubscriptionLevel,
  type SubscribableAgent,
} from '@smt/shared';
import { useId, useState } from 'react';
import { useSubscribableAgents } from '@/features/subscriptions/api/get-subscribable-agents';
import {
  branchesForLevel,
  branchLevelAllowed,
  canAdd,
  chooseAgent,
  chooseBranch,
  chooseLevel,
  EMPTY_CHOICE,
} from '@/features/subscriptions/utils/add-subscription-rules';
import type { SubscriptionTarget } from '@/features/subscriptions/utils/subscription-rows';
import {
  LEVEL_LABELS,
  MEDIA_LABELS,
  subscriptionTexts,
} from '@/features/subscriptions/utils/subscription-texts';
import { useSmallScreen } from '@/lib/use-small-screen';

export type DialogBranch = { id: number; name: string; pcc: string; managed: boolean };

type AddSubscriptionDialogProps = {
  open: boolean;
  branches: readonly DialogBranch[];
  onClose: () => void;
  /**
   * The chosen row, its agent's names for an agent row, and the medium its processes start
   * ticked by; false: the table has it already.
   */
  onAdd: (
    target: SubscriptionTarget,
    agent: SubscribableAgent | undefined,
    media: Media,
  ) => boolean;
};

const idOf = (value: string) => (value === '' ? null : Number(value));

/** Chooses a new row: an agent of a branch, or a whole branch the caller manages (SPEC §4). */
export function AddSubscriptionDialog({
  open,
  branches,
  onClose,
  onAdd,
}: AddSubscriptionDialogProps) {
  const small = useSmallScreen();
  const titleId = useId();
  const levelId = useId();
  const [choice, setChoiceState] = useState(EMPTY_CHOICE);
  const [duplicate, setDuplicate] = useState(false);
  const [media, setMedia] = useState<Media>('EMAIL');
  const mediaId = useId();
  const setChoice = (next: typeof choice) => {
    setChoiceState(next);
    setDuplicate(false);
  };
  const agents = useSubscribableAgents(choice.level === 'AGENT' ? choice.branchId : null);

  // The choice stays while the dialog animates out, then starts afresh.
  const close = () => {
    onClose();
    setTimeout(() => {
      setChoice(EMPTY_CHOICE);
      setMedia('EMAIL');
    }, DIALOG_RESET_DELAY_MS);
  };
  const add = () => {
    if (!canAdd(choice) || choice.branchId === null) return;
    const agent = agents.data?.find((item) => item.id === choice.agentId);
    const target: SubscriptionTarget =
      choice.level === 'AGENT'
        ? { level: 'AGENT', branchId: choice.branchId, agentId: choice.agentId ?? undefined }
        : { level: 'BRANCH', branchId: choice.branchId };
    if (onAdd(target, agent, media)) close();
    else setDuplicate(true);
  };

  const branchChoices = branchesForLevel(choice.level, branches);
  const agentHelp =
    choice.branchId === null
      ? subscriptionTexts.chooseBranchFirst
      : agents.isError
        ? subscriptionTexts.agentsFailed
        : undefined;

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      fullScreen={small}
    >
      <DialogTitle id={titleId}>{subscriptionTexts.addTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {duplicate && <Alert severity="error">{errorMessages.tableAlreadyExists}</Alert>}
          <FormControl>
            <FormLabel id={levelId}>{subscriptionTexts.level}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={levelId}
              value={choice.level}
              onChange={(event) => {
                const level = SubscriptionLevel.parse(event.target.value);
                setChoice(chooseLevel(choice, level, branches));
              }}
            >
              {SubscriptionLevel.options.map((level) => (
                <FormControlLabel
                  key={level}
                  value={level}
                  control={<Radio />}
                  label={LEVEL_LABELS[level]}
                  disabled={level === 'BRANCH' && !branchLevelAllowed(branches)}
                />
              ))}
            </RadioGroup>
          </FormControl>
          <TextField
            select
            label={subscriptionTexts.branch}
            value={choice.branchId === null ? '' : String(choice.branchId)}
            onChange={(event) => setChoice(chooseBranch(choice, idOf(event.target.value)))}
            fullWidth
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{subscriptionTexts.chooseBranch}</option>
            {branchChoices.map((branch) => (
              <option key={branch.id} value={branch.id}>
                {`${branch.name} (${branch.pcc})`}
              </option>
            ))}
          </TextField>
          {choice.level === 'AGENT' && (
            <TextField
              select
              label={subscriptionTexts.agent}
              value={choice.agentId === null ? '' : String(choice.agentId)}
              onChange={(event) => setChoice(chooseAgent(choice, idOf(event.target.value)))}
              disabled={choice.branchId === null || agents.isPending}
              error={agents.isError}
              helperText={agentHelp}
              fullWidth
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">
                {choice.branchId !== null && agents.isPending
                  ? subscriptionTexts.loading
                  : subscriptionTexts.chooseAgent}
              </option>
              {(agents.data ?? []).map((agent) => (
                <option key={agent.id} value={agent.id}>
                  {`${agent.name} (${agent.initials})`}
                </option>
              ))}
            </TextField>
          )}
          <FormControl>
            <FormLabel id={mediaId}>{subscriptionTexts.sendBy}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={mediaId}
              value={media}
              onChange={(event) => setMedia(Media.parse(event.target.value))}
            >
              {Media.options.map((option) => (
                <FormControlLabel
                  key={option}
                  value={option}
                  control={<Radio />}
                  label={MEDIA_LABELS[option]}
                />
              ))}
            </RadioGroup>
            <FormHelperText>{subscriptionTexts.sendByHelp}</FormHelperText>
          </FormControl>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{subscriptionTexts.cancel}</Button>
        <Button variant="contained" disabled={!canAdd(choice)} onClick={add}>
          {subscriptionTexts.add}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
