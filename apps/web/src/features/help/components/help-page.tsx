import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  HELP_ACTIONS,
  HELP_GROUPS,
  HELP_PLACES,
  HELP_TEXTS,
} from '@/features/help/utils/help-texts';

type HelpPageProps = { documentsPath: string; supportPath: string };

function Section({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <Paper component="section" variant="outlined" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {intro !== undefined && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {intro}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

function Term({ name, marker, children }: { name: string; marker?: ReactNode; children: string }) {
  return (
    <Box component="div" sx={{ '& + &': { mt: 2 } }}>
      <Typography
        component="dt"
        sx={{ fontWeight: 600, display: 'flex', alignItems: 'center', gap: 1 }}
      >
        {marker}
        {name}
      </Typography>
      <Typography component="dd" color="text.secondary" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** `/help`: how SMT works, its notification groups and what each action does. */
export function HelpPage({ documentsPath, supportPath }: HelpPageProps) {
  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }}>
      <Typography variant="h5" component="h1">
        {HELP_TEXTS.title}
      </Typography>
      <Typography>{HELP_TEXTS.intro}</Typography>

      <Section title={HELP_TEXTS.groupsTitle} intro={HELP_TEXTS.groupsIntro}>
        <Box component="dl" sx={{ m: 0 }}>
          {HELP_GROUPS.map(({ group, label, text }) => (
            <Term
              key={group}
              name={label}
              marker={
                <Box
                  component="span"
                  aria-hidden
                  data-group={group}
                  sx={(theme) => ({
                    width: 14,
                    height: 14,
                    borderRadius: '50%',
                    flexShrink: 0,
                    bgcolor: theme.palette.groups[group],
                  })}
                />
              }
            >
              {text}
            </Term>
          ))}
        </Box>
      </Section>

      <Section title={HELP_TEXTS.actionsTitle} intro={HELP_TEXTS.actionsIntro}>
        <Box component="dl" sx={{ m: 0 }}>
          {HELP_ACTIONS.map(({ name, text }) => (
            <Term key={name} name={name}>
              {text}
            </Term>
          ))}
        </Box>
      </Section>

      <Section title={HELP_TEXTS.whereTitle}>
        <Box component="dl" sx={{ m: 0 }}>
          {HELP_PLACES.map(({ name, text }) => (
            <Term key={name} name={name}>
              {text}
            </Term>
          ))}
        </Box>
      </Section>

      <Section title={HELP_TEXTS.moreTitle} intro={HELP_TEXTS.moreText}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button variant="contained" component={RouterLink} to={documentsPath}>
            {HELP_TEXTS.documentsLink}
          </Button>
          <Button variant="outlined" component={RouterLink} to={supportPath}>
            {HELP_TEXTS.supportLink}
          </Button>
        </Stack>
      </Section>
    </Stack>
  );
}
