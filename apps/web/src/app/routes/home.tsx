import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { useSignedIn } from '@/app/routes/signed-in-context';
import { rememberHomeOpening } from '@/features/home/api/home-opening';
import { HomeDashboard } from '@/features/home/components/home-dashboard';
import { homeOpeningKindOf, type HomeSource } from '@/features/home/utils/home-source';
import { HOME_TEXTS } from '@/features/home/utils/home-texts';
import {
  BrowseModeToggle,
  type BrowseMode,
} from '@/features/organisation-filter/components/browse-mode-toggle';
import {
  OrganisationFilter,
  type OrganisationSelection,
} from '@/features/organisation-filter/components/organisation-filter';
import { useOrganisationLists } from '@/features/organisation-filter/hooks/use-organisation-lists';
import { homeScopeOf } from '@/features/organisation-filter/utils/home-scope';
import { EMPTY_SELECTION } from '@/features/organisation-filter/utils/organisation-cascade';
import { getSessionCredentials } from '@/lib/session-credentials';

/** Home (SPEC §2.3): agents see their own counts; managers choose Me or All and a scope (§6). */
export function HomeRoute() {
  const { user } = useSignedIn();
  const kind = homeOpeningKindOf(user);
  // The next page load of home asks for these counts beside the user's details (app/start.ts).
  useEffect(() => {
    const phone = getSessionCredentials()?.phone;
    if (phone) rememberHomeOpening({ phone, kind });
  }, [kind]);
  return kind === 'all' ? <ManagerHome /> : <HomePage source={{ kind: 'personal' }} />;
}

function ManagerHome() {
  const [mode, setMode] = useState<BrowseMode>('all');
  const [selection, setSelection] = useState<OrganisationSelection>(EMPTY_SELECTION);
  const { lists } = useOrganisationLists(selection);

  const source: HomeSource =
    mode === 'me' ? { kind: 'personal' } : { kind: 'all', ...homeScopeOf(selection, lists) };

  return (
    <HomePage
      source={source}
      toggle={<BrowseModeToggle value={mode} onChange={setMode} />}
      filter={
        <OrganisationFilter value={selection} onChange={setSelection} disabled={mode === 'me'} />
      }
    />
  );
}

type HomePageProps = { source: HomeSource; toggle?: ReactNode; filter?: ReactNode };

function HomePage({ source, toggle, filter }: HomePageProps) {
  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {HOME_TEXTS.title}
        </Typography>
        {toggle}
      </Stack>
      {filter}
      <HomeDashboard source={source} />
    </Stack>
  );
}
