import { ROUTES } from '../routes';
import { DocumentResourceList, DocumentsSource } from '../schemas/documents';
import { defineCall, pathsOf } from './define-call';

// The training documents (SPEC §2.9, §7.2): where their list is, and the list this server
// ships. The web reads the list with a plain CORS fetch of the address `source` answers, which
// may be another origin's file, so it does not call `shippedList` through its contract.

export const documentsCalls = {
  /** Where the resource list lives (signed in). */
  source: defineCall({
    method: 'GET',
    path: 'documents/source',
    access: ROUTES.documents,
    answer: DocumentsSource,
  }),
  /** The list this server ships, for deployments without a storage file of their own (public). */
  shippedList: defineCall({
    method: 'GET',
    path: 'documents/resources.json',
    access: 'public',
    answer: DocumentResourceList,
  }),
};

/** Each documents call's path under /api, for a caller that names it (a test, say). */
export const DOCUMENTS_CALLS = pathsOf(documentsCalls);
