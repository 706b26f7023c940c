import { NotFoundScreen } from '@/components/errors/not-found-screen';

// Pages still to be written answer inside the shell as not found, rather than as placeholders.
export function NotBuiltRoute() {
  return <NotFoundScreen />;
}
