import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { GenericErrorView } from '@/components/errors/generic-error-view';
import { EmptyState } from '@/components/ui/empty-state';
import { useDocumentResources } from '@/features/documents/api/get-document-resources';
import { useDocumentsSource } from '@/features/documents/api/get-documents-source';
import { DOCUMENTS_TEXTS } from '@/features/documents/utils/documents-texts';
import { DocumentCard } from './document-card';

const SKELETON_CARDS = 3;

function CardGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
        gap: 2,
        m: 0,
        p: 0,
        listStyle: 'none',
      }}
    >
      {children}
    </Box>
  );
}

/** `/documents` (SPEC §2.9): the training materials of the deployment's resource list. */
export function DocumentsPage() {
  const source = useDocumentsSource();
  const resources = useDocumentResources(source.data?.resourcesUrl);

  const retry = () => void (source.isError ? source.refetch() : resources.refetch());
  let body: ReactNode;
  if (source.isError || resources.isError) {
    body = (
      <GenericErrorView
        onRetry={retry}
        retrying={source.isFetching || resources.isFetching}
        retryLabel={DOCUMENTS_TEXTS.tryAgain}
      />
    );
  } else if (!resources.data) {
    body = (
      <Box role="status" aria-label={DOCUMENTS_TEXTS.loading}>
        <CardGrid>
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <li key={index}>
              <Skeleton variant="rounded" height={96} />
            </li>
          ))}
        </CardGrid>
      </Box>
    );
  } else if (resources.data.length === 0) {
    body = <EmptyState />;
  } else {
    body = (
      <CardGrid label={DOCUMENTS_TEXTS.title}>
        {resources.data.map((document) => (
          <li key={`${document.id}:${document.href}`}>
            <DocumentCard document={document} />
          </li>
        ))}
      </CardGrid>
    );
  }

  return (
    <Stack spacing={2}>
      <Stack spacing={0.5}>
        <Typography variant="h5" component="h1">
          {DOCUMENTS_TEXTS.title}
        </Typography>
        <Typography color="text.secondary">{DOCUMENTS_TEXTS.intro}</Typography>
      </Stack>
      {body}
    </Stack>
  );
}
