import { useQueryClient } from '@tanstack/react-query';
import { useSignedIn } from '@/app/routes/signed-in-context';
import { ProfilePage } from '@/features/account/components/profile-page';
import { sessionQueryKey } from '@/features/auth/api/get-session';
import { userDetailsQueryKey } from '@/features/auth/api/get-user-details';
import { useSessionActions } from '@/features/auth/hooks/use-session-actions';
import { turnPushOff } from '@/features/push/utils/this-device';

/** `/account` (SPEC §2.10): the profile, wired to the session it changes and may end. */
export function AccountRoute() {
  const { user } = useSignedIn();
  const queryClient = useQueryClient();
  const { signOut } = useSessionActions();

  // The header shows the new name; the inactivity rule follows the new keep-logged-in choice.
  const reloadSession = () => {
    void queryClient.invalidateQueries({ queryKey: userDetailsQueryKey });
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  };

  return (
    <ProfilePage
      impersonating={user.impersonatingUser !== null}
      onSaved={reloadSession}
      // As at logout: the next person on this browser must not get this user's pushes.
      beforeUnregister={async () => void (await turnPushOff().catch(() => undefined))}
      onUnregistered={() => signOut({ endServerSession: false })}
    />
  );
}
