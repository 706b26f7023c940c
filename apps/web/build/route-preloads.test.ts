import { describe, expect, it } from 'vitest';
import { routePreloads, type BuiltChunk } from './route-preloads';

const chunk = (fileName: string, more: Partial<BuiltChunk> = {}): BuiltChunk => ({
  fileName,
  imports: [],
  exports: [],
  facadeModuleId: null,
  isDynamicEntry: false,
  ...more,
});

const CHUNKS: BuiltChunk[] = [
  chunk('assets/index.js', { imports: ['assets/zod.js'] }),
  chunk('assets/zod.js'),
  chunk('assets/react.js', { imports: ['assets/runtime.js'] }),
  chunk('assets/runtime.js'),
  chunk('assets/start-app.js', {
    isDynamicEntry: true,
    facadeModuleId: '/app/src/app/start-app.tsx',
    imports: ['assets/react.js', 'assets/zod.js'],
  }),
  chunk('assets/shell.js', {
    isDynamicEntry: true,
    facadeModuleId: '/app/src/app/routes/signed-in-shell.tsx',
    exports: ['SignedInShell'],
    imports: ['assets/react.js', 'assets/mui.js'],
  }),
  chunk('assets/mui.js', { imports: ['assets/react.js'] }),
  chunk('assets/home.js', {
    isDynamicEntry: true,
    facadeModuleId: '/app/src/app/routes/home.tsx',
    exports: ['HomeRoute'],
    imports: ['assets/mui.js', 'assets/home-opening.js'],
  }),
  chunk('assets/home-opening.js', {
    isDynamicEntry: true,
    facadeModuleId: '/app/src/features/home/api/home-opening.ts',
    imports: ['assets/zod.js'],
  }),
  chunk('assets/settings.js', {
    isDynamicEntry: true,
    facadeModuleId: '/app/src/app/routes/settings.tsx',
    exports: ['SettingsRoute'],
    imports: ['assets/charts.js'],
  }),
  chunk('assets/charts.js'),
];
const FRAME = ['/app/src/app/start-app.tsx', '/app/src/app/routes/signed-in-shell.tsx'];
const NAMED = new Set(['assets/index.js', 'assets/zod.js']);

describe('routePreloads', () => {
  it("should list the frame's chunks, then the page's, each with what it imports, once each", () => {
    const preloads = routePreloads(
      CHUNKS,
      [
        { route: '/home', component: 'HomeRoute' },
        { route: '/settings', component: 'SettingsRoute' },
      ],
      FRAME,
      NAMED,
    );
    const frame = [
      'assets/start-app.js',
      'assets/react.js',
      'assets/runtime.js',
      'assets/shell.js',
      'assets/mui.js',
    ];
    expect(preloads).toEqual({
      '/home': [...frame, 'assets/home.js', 'assets/home-opening.js'],
      '/settings': [...frame, 'assets/settings.js', 'assets/charts.js'],
    });
  });

  it('should leave out what the document names already', () => {
    const preloads = routePreloads(
      CHUNKS,
      [{ route: '/home', component: 'HomeRoute' }],
      FRAME,
      NAMED,
    );
    expect(preloads['/home']).not.toContain('assets/zod.js');
    expect(preloads['/home']).not.toContain('assets/index.js');
  });

  it('should refuse a page whose component no chunk exports', () => {
    expect(() =>
      routePreloads(CHUNKS, [{ route: '/help', component: 'HelpRoute' }], FRAME, NAMED),
    ).toThrow('the build has no chunk of its own for /help (HelpRoute)');
  });

  it('should refuse a frame module without a chunk of its own', () => {
    expect(() =>
      routePreloads(CHUNKS, [], ['/app/src/app/routes/protected-layout.tsx'], NAMED),
    ).toThrow('the build has no chunk of its own for /app/src/app/routes/protected-layout.tsx');
  });
});
