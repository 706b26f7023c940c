import { Navigate } from 'react-router';
import { PageLoader } from '@/components/layout/page-loader';
import { useUserDetails } from '@/features/auth/api/get-user-details';
import { UserDetailsFailure } from '@/features/auth/components/user-details-failure';
import { useSessionActions } from '@/features/auth/hooks/use-session-actions';
import { landingPathOfUser } from '@/features/auth/utils/landing';

/** A signed-in user on a login page goes to their landing page (SPEC §2.2, §4). */
export function SignedInRedirect() {
  const user = useUserDetails();
  const { signOut } = useSessionActions();
  if (user.isPending) return <PageLoader />;
  if (user.isError) {
    return (
      <UserDetailsFailure
        error={user.error}
        onRetry={() => void user.refetch()}
        onBackToLogin={() => void signOut()}
      />
    );
  }
  return <Navigate to={landingPathOfUser(user.data)} replace />;
}
