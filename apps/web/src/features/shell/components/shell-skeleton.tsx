import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { ROUTES } from '@smt/shared';
import { PageContent } from '@/components/layout/page-content';
import { PageLoader } from '@/components/layout/page-loader';
import { AppLogo } from '@/features/shell/components/app-logo';

type ShellSkeletonProps = {
  /** The route's title, as its page will show it; none where the route is not yet known. */
  title: string | null;
};

/**
 * The signed-in frame while the session and the user load: the header's bar and the page's
 * title. The document paints it before any script (issue 39), and the app shows it until the
 * shell can, so nothing jumps between the two.
 */
export function ShellSkeleton({ title }: ShellSkeletonProps) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="sticky" color="primary" elevation={1}>
        <Toolbar>
          <AppLogo to={ROUTES.root.path} />
        </Toolbar>
      </AppBar>
      <PageContent>
        <Box aria-busy="true">
          {title && (
            <Typography variant="h5" component="h1">
              {title}
            </Typography>
          )}
          <PageLoader />
        </Box>
      </PageContent>
    </Box>
  );
}
