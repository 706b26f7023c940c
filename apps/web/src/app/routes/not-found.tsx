import { NotFoundScreen } from '@/components/errors/not-found-screen';
import { PageContent } from '@/components/layout/page-content';

export function NotFoundRoute() {
  return (
    <PageContent>
      <NotFoundScreen />
    </PageContent>
  );
}
