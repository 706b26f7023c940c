import { DocumentsPage } from '@/features/documents/components/documents-page';

/** `/documents` (SPEC §2.9). */
export function DocumentsRoute() {
  return <DocumentsPage />;
}
