import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

type EngineFigureProps = {
  label: string;
  value: number | string;
  /** What the figure counts, where its name alone does not say. */
  caption?: string;
};

/** One of the engine's counts, large, under its name. */
export function EngineFigure({ label, value, caption }: EngineFigureProps) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" component="h3">
        {label}
      </Typography>
      <Typography variant="h4" component="p" aria-label={`${label}: ${value}`}>
        {typeof value === 'number' ? value.toLocaleString('en') : value}
      </Typography>
      {caption && (
        <Typography variant="caption" color="text.secondary" component="p">
          {caption}
        </Typography>
      )}
    </Paper>
  );
}
