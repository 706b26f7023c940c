import { readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { utcDayOf } from '@smt/shared';
import { format, resolveConfig } from 'prettier';

// bench/RESULTS.md holds one `## <title>` section per bench file. Each bench rewrites only its
// own section, so running one bench keeps the figures of the others.

const RESULTS = fileURLToPath(new URL('./RESULTS.md', import.meta.url));

const HEADER = `# Benchmarks

Made by \`npm run bench\`, which runs every \`bench/*.bench.ts\` in turn. Each file rewrites its
own section below when it runs and leaves the others as they were, so each section says when
and on what its figures were made.
`;

/** When and on what the figures were made: 'yyyy-MM-dd (node version, n cores)'. */
export const ranOn = () =>
  `${utcDayOf(new Date())} (${process.version}, ${availableParallelism()} cores)`;

type Section = { title: string; text: string };

/** The `## ` sections of a results file, in order; whatever precedes the first is dropped. */
function sectionsOf(markdown: string): Section[] {
  const sections: Section[] = [];
  for (const line of markdown.split('\n')) {
    const title = /^## (.+)$/.exec(line)?.[1]?.trim();
    const last = sections.at(-1);
    if (title !== undefined) sections.push({ title, text: `${line}\n` });
    else if (last) last.text += `${line}\n`;
  }
  return sections;
}

async function readResults(): Promise<string> {
  try {
    return await readFile(RESULTS, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

/**
 * Replaces the `## <title>` section of RESULTS.md with `body` (appended when it is new),
 * keeping the other sections, and formats the file as `npm run lint` expects. Answers the
 * section as written.
 */
export async function writeResultsSection(title: string, body: string): Promise<string> {
  const section = { title, text: `## ${title}\n\n${body.trim()}\n` };
  const sections = sectionsOf(await readResults());
  const at = sections.findIndex((s) => s.title === title);
  if (at === -1) sections.push(section);
  else sections[at] = section;
  const markdown = [HEADER, ...sections.map((s) => s.text.trim() + '\n')].join('\n');
  // Wrapped prose stays as it is under the repository's own settings, so the check passes.
  const formatted = await format(markdown, {
    ...(await resolveConfig(RESULTS)),
    filepath: RESULTS,
    proseWrap: 'always',
  });
  await writeFile(RESULTS, formatted);
  return sectionsOf(formatted).find((s) => s.title === title)?.text ?? section.text;
}
