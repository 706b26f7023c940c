import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

type PnrSectionProps = { title: string; children: ReactNode };

/** A titled part of an expanded booking, named by its title for screen readers. */
export function PnrSection({ title, children }: PnrSectionProps) {
  const titleId = useId();
  return (
    <Card component="section" variant="outlined" aria-labelledby={titleId}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography
          id={titleId}
          variant="subtitle1"
          component="h3"
          sx={{ fontWeight: 600, mb: 1.5 }}
        >
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
