import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import IconButton from '@mui/material/IconButton';
import { pnrTexts } from '@/features/pnrs/utils/pnr-texts';

type PnrExpandButtonProps = {
  pnrNumber: string;
  expanded: boolean;
  controls: string;
  onToggle: () => void;
};

/** Opens and closes a booking's details under its row or card. */
export function PnrExpandButton({ pnrNumber, expanded, controls, onToggle }: PnrExpandButtonProps) {
  return (
    <IconButton
      size="small"
      aria-label={pnrTexts.expand(pnrNumber)}
      aria-expanded={expanded}
      aria-controls={expanded ? controls : undefined}
      onClick={onToggle}
    >
      {expanded ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
    </IconButton>
  );
}
