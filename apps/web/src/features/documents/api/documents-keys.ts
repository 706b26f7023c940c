export const documentsKeys = {
  source: () => ['documents', 'source'] as const,
  resources: (listUrl: string) => ['documents', 'resources', listUrl] as const,
};
