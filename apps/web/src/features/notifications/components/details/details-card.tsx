import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

type DetailsCardProps = { title: ReactNode; action?: ReactNode; children: ReactNode };

/** One section of the details: a titled card, named by its title for screen readers. */
export function DetailsCard({ title, action, children }: DetailsCardProps) {
  const titleId = useId();
  return (
    <Card component="section" variant="outlined" aria-labelledby={titleId}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, flexWrap: 'wrap' }}
        >
          <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}
