import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { PanelGroup } from '@smt/shared';
import type { ReactNode } from 'react';
import { ColumnHeader } from './column-header';

// A card stays readable down to this width; narrower screens scroll the columns sideways.
const COLUMN_MIN_WIDTH_PX = 200;

export type CentreColumn = {
  group: PanelGroup;
  label: string;
  colour: string;
  newCount: number | null;
};

type CentreColumnsProps = {
  columns: readonly CentreColumn[];
  small: boolean;
  expanded: ReadonlySet<PanelGroup>;
  onExpandedChange: (group: PanelGroup, open: boolean) => void;
  renderBody: (column: CentreColumn) => ReactNode;
};

/** Side by side on wide screens; below 'sm' each column folds and unfolds (SPEC §2.4). */
export function CentreColumns(props: CentreColumnsProps) {
  return props.small ? <FoldedColumns {...props} /> : <SideBySideColumns {...props} />;
}

function SideBySideColumns({ columns, renderBody }: CentreColumnsProps) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridAutoFlow: 'column',
        gridAutoColumns: `minmax(${COLUMN_MIN_WIDTH_PX}px, 1fr)`,
        gap: 1.5,
        overflowX: 'auto',
        scrollSnapType: 'x proximity',
        pb: 1,
      }}
    >
      {columns.map((column) => (
        <Paper
          key={column.group}
          component="section"
          variant="outlined"
          aria-label={column.label}
          sx={(theme) => ({
            p: 1,
            scrollSnapAlign: 'start',
            borderTop: `${theme.spacing(0.5)} solid ${column.colour}`,
            minWidth: 0,
          })}
        >
          <Box sx={{ mb: 1.5 }}>
            <ColumnHeader label={column.label} colour={column.colour} newCount={column.newCount} />
          </Box>
          {renderBody(column)}
        </Paper>
      ))}
    </Box>
  );
}

function FoldedColumns({ columns, expanded, onExpandedChange, renderBody }: CentreColumnsProps) {
  return (
    <Box>
      {columns.map((column) => (
        <Accordion
          key={column.group}
          expanded={expanded.has(column.group)}
          onChange={(_, open) => onExpandedChange(column.group, open)}
          disableGutters
          slots={{ heading: 'h2' }}
          // Closed columns ask for nothing; their new count comes from the counters.
          slotProps={{ transition: { unmountOnExit: true } }}
          sx={(theme) => ({ borderLeft: `${theme.spacing(0.5)} solid ${column.colour}` })}
        >
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <ColumnHeader
              label={column.label}
              colour={column.colour}
              newCount={column.newCount}
              headingComponent="span"
            />
          </AccordionSummary>
          <AccordionDetails sx={{ px: 1, pt: 0 }}>{renderBody(column)}</AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
