import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DeselectIcon from '@mui/icons-material/Deselect';
import SelectAllIcon from '@mui/icons-material/SelectAll';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';

type SelectionBarProps = {
  count: number;
  deleting: boolean;
  /** Below 'sm' it is a bar fixed to the bottom of the screen (SPEC §2.4). */
  small: boolean;
  onSelectAll: () => void;
  onUnselectAll: () => void;
  onDelete: () => void;
};

const SELECT_ALL = 'Select all';
const UNSELECT_ALL = 'Unselect all';

/** What can be done with the selected notifications; shown only while some are selected. */
export function SelectionBar({
  count,
  deleting,
  small,
  onSelectAll,
  onUnselectAll,
  onDelete,
}: SelectionBarProps) {
  if (count === 0) return null;
  return (
    <Paper
      role="region"
      aria-label="Selected notifications"
      variant={small ? 'elevation' : 'outlined'}
      elevation={small ? 8 : 0}
      square={small}
      sx={(theme) => ({
        px: 2,
        py: 1,
        ...(small
          ? {
              position: 'fixed',
              left: 0,
              right: 0,
              bottom: 0,
              zIndex: theme.zIndex.appBar,
              pb: `calc(${theme.spacing(1)} + env(safe-area-inset-bottom))`,
            }
          : { mb: 2 }),
      })}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography role="status" sx={{ fontWeight: 'fontWeightMedium', flex: 1 }}>
          {count} selected
        </Typography>
        {small ? (
          <>
            <Tooltip title={SELECT_ALL}>
              <IconButton aria-label={SELECT_ALL} onClick={onSelectAll} disabled={deleting}>
                <SelectAllIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title={UNSELECT_ALL}>
              <IconButton aria-label={UNSELECT_ALL} onClick={onUnselectAll} disabled={deleting}>
                <DeselectIcon />
              </IconButton>
            </Tooltip>
          </>
        ) : (
          <>
            <Button startIcon={<SelectAllIcon />} onClick={onSelectAll} disabled={deleting}>
              {SELECT_ALL}
            </Button>
            <Button startIcon={<DeselectIcon />} onClick={onUnselectAll} disabled={deleting}>
              {UNSELECT_ALL}
            </Button>
          </>
        )}
        <Button
          variant="contained"
          color="error"
          startIcon={<DeleteIcon />}
          loading={deleting}
          loadingPosition="start"
          aria-busy={deleting}
          onClick={onDelete}
        >
          Delete
        </Button>
      </Stack>
    </Paper>
  );
}
