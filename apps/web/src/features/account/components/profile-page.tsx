import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageLoader } from '@/components/layout/page-loader';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useProfile } from '@/features/account/api/get-profile';
import { accountTexts } from '@/features/account/utils/account-texts';
import { ProfileForm } from './profile-form';
import { UnregisterSection } from './unregister-section';

type ProfilePageProps = {
  impersonating: boolean;
  onSaved: () => void;
  beforeUnregister: () => Promise<void>;
  onUnregistered: () => Promise<void>;
};

/** `/account` (SPEC §2.10): the profile form and Unregister. */
export function ProfilePage({
  impersonating,
  onSaved,
  beforeUnregister,
  onUnregistered,
}: ProfilePageProps) {
  const profile = useProfile();

  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <Typography variant="h5" component="h1">
        {accountTexts.title}
      </Typography>
      {profile.isPending ? (
        <PageLoader />
      ) : profile.isError ? (
        <RetryAlert
          message={accountTexts.loadFailed}
          onRetry={() => void profile.refetch()}
          retrying={profile.isFetching}
        />
      ) : (
        <>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            {/* Saved values become the form's new starting point. */}
            <ProfileForm
              key={`${profile.data.name}|${String(profile.data.keepLoggedIn)}`}
              profile={profile.data}
              onSaved={onSaved}
            />
          </Paper>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <UnregisterSection
              impersonating={impersonating}
              beforeUnregister={beforeUnregister}
              onUnregistered={onUnregistered}
            />
          </Paper>
        </>
      )}
    </Stack>
  );
}
