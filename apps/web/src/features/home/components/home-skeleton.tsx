import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { PANEL_GROUPS } from '@smt/shared';
import { HomeGrid } from '@/features/home/components/home-grid';
import { HomeLayout } from '@/features/home/components/home-layout';
import { HOME_TEXTS } from '@/features/home/utils/home-texts';

/** Home's shape while its counts load: the summary, the total, and a card per group. */
export function HomeSkeleton() {
  return (
    <Box role="status" aria-label={HOME_TEXTS.loading} aria-busy>
      <HomeLayout
        summary={<Skeleton variant="rounded" height={240} />}
        total={<Skeleton variant="rounded" height={240} />}
        groups={
          <HomeGrid>
            {PANEL_GROUPS.map((group) => (
              <Skeleton key={group} variant="rounded" height={136} />
            ))}
          </HomeGrid>
        }
      />
    </Box>
  );
}
