import WarningAmberIcon from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { uiTexts } from '@smt/shared';
import { detailsTexts } from './details-texts';

/** 'New conditions', with a warning whose tooltip says when free baggage is gone. */
export function NewConditionsTitle({ losesFreeBaggage }: { losesFreeBaggage: boolean }) {
  if (!losesFreeBaggage) return <>{detailsTexts.newConditions}</>;
  return (
    <>
      {detailsTexts.newConditions}
      <Tooltip title={uiTexts.noFreeBaggage} enterTouchDelay={0}>
        {/* Focusable, so the tooltip also opens from the keyboard. */}
        <Box
          component="span"
          role="img"
          aria-label={uiTexts.noFreeBaggage}
          tabIndex={0}
          sx={{ display: 'inline-flex', color: 'warning.main', cursor: 'help' }}
        >
          <WarningAmberIcon fontSize="small" />
        </Box>
      </Tooltip>
    </>
  );
}
