import { z } from 'zod';

// The training documents (SPEC §2.9, §7.2): a JSON list of { id, name, url } kept in a storage
// file the browser fetches with CORS. The server tells the SPA where that file is (the calls:
// calls/documents-calls.ts).

/** The documents the product knows by id and shows with an icon of their own. */
export const KNOWN_DOCUMENT_IDS = [
  'ON_BOARDING',
  'USER_GUIDE',
  'TRAINING_VIDEO_EN',
  'TRAINING_VIDEO_HE',
  'CONTACT_US',
] as const;
export type KnownDocumentId = (typeof KNOWN_DOCUMENT_IDS)[number];

export function isKnownDocumentId(id: string): id is KnownDocumentId {
  return (KNOWN_DOCUMENT_IDS as readonly string[]).includes(id);
}

/** One entry of resources.json; `url` may be relative to the list's own address. */
export const DocumentResource = z.object({
  id: z.string().trim().min(1).max(100),
  name: z.string().trim().min(1).max(200),
  url: z.string().trim().min(1).max(2000),
});
export type DocumentResource = z.infer<typeof DocumentResource>;

export const DocumentResourceList = z.array(DocumentResource).max(200);
export type DocumentResourceList = z.infer<typeof DocumentResourceList>;

export const DocumentsSource = z.object({
  /** Absolute, or a path on this server. */
  resourcesUrl: z.string().min(1),
});
export type DocumentsSource = z.infer<typeof DocumentsSource>;
