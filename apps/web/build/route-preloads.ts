// Which script files a signed-in route's document names as module preloads (decision 082):
// worked out from the build's chunks, so no list of files is written by hand.

/** What the build says of a chunk, as far as preloading goes. */
export type BuiltChunk = {
  fileName: string;
  /** The files this chunk imports statically: run before it, so fetched with it. */
  imports: readonly string[];
  exports: readonly string[];
  /** The source file a dynamic entry chunk stands for. */
  facadeModuleId: string | null;
  isDynamicEntry: boolean;
};

/** A signed-in route's pattern and the component its page module exports. */
export type RoutePage = { route: string; component: string };

/**
 * For each signed-in route, the files its first visit runs before the first screen: the chunks
 * of the app's frame (`frameModules`, by source file: the app's start, the signed-in layout and
 * shell) and of the route's page (found by the component it exports), each followed by every
 * chunk it imports, once each, less the files the document names already (`named`: the entry
 * and its imports). Throws when a frame module or a page has no chunk of its own, so a renamed
 * file breaks the build rather than leaving routes without their preloads.
 */
export function routePreloads(
  chunks: readonly BuiltChunk[],
  pages: readonly RoutePage[],
  frameModules: readonly string[],
  named: ReadonlySet<string>,
): Record<string, string[]> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entryChunk = (what: string, matches: (chunk: BuiltChunk) => boolean) => {
    const found = chunks.find((chunk) => chunk.isDynamicEntry && matches(chunk));
    if (!found) throw new Error(`the build has no chunk of its own for ${what}`);
    return found;
  };
  const withImports = (start: BuiltChunk, into: string[]) => {
    const queue = [start.fileName];
    while (queue.length > 0) {
      const file = queue.shift()!;
      if (into.includes(file)) continue;
      into.push(file);
      queue.push(...(byFile.get(file)?.imports ?? []));
    }
  };
  const frame: string[] = [];
  for (const module of frameModules) {
    withImports(
      entryChunk(module, (chunk) => chunk.facadeModuleId === module),
      frame,
    );
  }
  return Object.fromEntries(
    pages.map(({ route, component }) => {
      const files = [...frame];
      withImports(
        entryChunk(`${route} (${component})`, (chunk) => chunk.exports.includes(component)),
        files,
      );
      return [route, files.filter((file) => !named.has(file))];
    }),
  );
}
