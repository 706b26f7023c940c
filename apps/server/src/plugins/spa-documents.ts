import negotiate from '@fastify/accept-negotiator';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import {
  FIRST_SCREEN_SLOTS,
  PUBLIC_CONFIG_ELEMENT_ID,
  SHELL_PRELOADS_FILE,
  type ClientConfig,
} from '@smt/shared';
import { z } from 'zod';
import { escapeHtml, jsonForScriptElement } from '@/lib/html-escape';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

// Script addresses under the app, as the build writes them: nothing else goes in a document.
const ShellPreloads = z.record(z.string(), z.array(z.string().regex(/^\/[\w./-]+\.js$/)));

/** A document of the SPA as it is sent: written once at start, compressed once. */
export type SpaDocument = { html: string; br: Buffer; gzip: Buffer };

/**
 * The build's document with the deployment's settings in it (issue 39): the client reads them
 * from the page instead of asking for them, and the prerendered sign-in page gets its links.
 */
export function documentWithConfig(html: string, config: ClientConfig): string {
  const data = `<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">${jsonForScriptElement(config)}</script>`;
  const head = html.indexOf('</head>');
  // A document with no head of its own (a test's) gets it last: the client finds it by id.
  const withData = head === -1 ? html + data : html.slice(0, head) + data + html.slice(head);
  return withData
    .replaceAll(FIRST_SCREEN_SLOTS.termsUrl, escapeHtml(config.termsUrl))
    .replaceAll(FIRST_SCREEN_SLOTS.privacyUrl, escapeHtml(config.privacyUrl));
}

/** The build's `file`, with the deployment's settings written in. */
export async function readSpaTemplate(
  distDir: string,
  file: string,
  config: ClientConfig,
): Promise<string> {
  return documentWithConfig(await readFile(path.join(distDir, file), 'utf8'), config);
}

/** The signed-in frame's document for a route: its title in the heading's slot. */
export const shellWithTitle = (shell: string, title: string) =>
  shell.replaceAll(FIRST_SCREEN_SLOTS.pageTitle, escapeHtml(title));

/**
 * A signed-in route's document with the scripts its first screen runs named as module preloads
 * (the build's `SHELL_PRELOADS_FILE`), so they are fetched beside the app's entry rather than
 * once it has run (decision 082).
 */
export function shellWithPreloads(shell: string, hrefs: readonly string[]): string {
  const head = shell.indexOf('</head>');
  if (head === -1 || hrefs.length === 0) return shell;
  const links = hrefs
    .map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`)
    .join('');
  return shell.slice(0, head) + links + shell.slice(head);
}

/** The build's list of each signed-in route's first scripts, by route pattern. */
export async function readShellPreloads(
  distDir: string,
): Promise<ReadonlyMap<string, readonly string[]>> {
  const file = path.join(distDir, SHELL_PRELOADS_FILE);
  const parsed = ShellPreloads.parse(JSON.parse(await readFile(file, 'utf8')));
  return new Map(Object.entries(parsed));
}

/** A finished document, compressed both ways once. */
export async function spaDocumentOf(html: string): Promise<SpaDocument> {
  const [br, gz] = await Promise.all([
    brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzipped(html, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { html, br, gzip: gz };
}

const DOCUMENT_ENCODINGS = ['br', 'gzip'] as const;

/** The encoding to send a document in: the client's preference, brotli first on a tie. */
export function documentEncodingFor(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  // Content codings are case-insensitive (RFC 9110 §8.4.1); the negotiator compares as written.
  return negotiate(acceptEncoding?.toLowerCase() ?? '', [...DOCUMENT_ENCODINGS]);
}
