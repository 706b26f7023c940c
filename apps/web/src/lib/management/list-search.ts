// What a management list is searched by; a field left out is no filter.

export type NameSearch = { name?: string };

/** Drops empty and blank fields, so an emptied box is no filter rather than `name=`. */
export function withoutBlanks<T extends Record<string, string | undefined>>(search: T): T {
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(search)) {
    const trimmed = value?.trim();
    if (trimmed) kept[key] = trimmed;
  }
  return kept as T;
}
