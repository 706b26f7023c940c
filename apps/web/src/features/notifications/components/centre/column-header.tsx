import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { textOnColour } from '@/lib/theme';

type ColumnHeaderProps = {
  label: string;
  colour: string;
  /** Unread notifications of the column; `null` while the counters load. */
  newCount: number | null;
  /** The heading element: 'h2' in the centre, none inside an accordion's own heading. */
  headingComponent?: 'h2' | 'span';
};

/** A group's name in its colour, with how many of its notifications are new. */
export function ColumnHeader({
  label,
  colour,
  newCount,
  headingComponent = 'h2',
}: ColumnHeaderProps) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0, flex: 1 }}>
      <Box
        aria-hidden
        sx={(theme) => ({
          width: theme.spacing(1.5),
          height: theme.spacing(1.5),
          borderRadius: '50%',
          bgcolor: colour,
          flexShrink: 0,
        })}
      />
      <Typography
        component={headingComponent}
        variant="subtitle1"
        sx={{ fontWeight: 'fontWeightBold', flex: 1 }}
      >
        {label}
      </Typography>
      {newCount !== null && newCount > 0 && (
        <Box
          component="span"
          sx={(theme) => ({
            px: 1,
            borderRadius: theme.shape.borderRadius,
            bgcolor: colour,
            color: textOnColour(colour),
            typography: 'caption',
            fontWeight: 'fontWeightBold',
            whiteSpace: 'nowrap',
          })}
        >
          {newCount} new
        </Box>
      )}
    </Stack>
  );
}
