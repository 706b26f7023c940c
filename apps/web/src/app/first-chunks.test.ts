import { ROUTES, type AppRoute } from '@smt/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startFirstChunks } from '@/app/first-chunks';
import * as pages from '@/app/page-modules';
import { SESSION_CREDENTIALS_KEY } from '@/lib/storage-keys';

// Which chunks are asked for, not the chunks themselves.
vi.mock('@/app/page-modules', () => {
  const loader = () => vi.fn(() => Promise.resolve({}));
  const module = (name: string) => ({ load: loader(), name });
  const home = module('HomeRoute');
  const settings = module('SettingsRoute');
  const login = module('LoginRoute');
  return {
    loadProtectedLayout: loader(),
    loadSignedInShell: loader(),
    LOGIN_PAGE_MODULES: new Map<AppRoute, { load: () => Promise<object>; name: string }>([
      [ROUTES.login, login],
    ]),
    SIGNED_IN_PAGE_MODULES: new Map<AppRoute, { load: () => Promise<object>; name: string }>([
      [ROUTES.home, home],
      [ROUTES.settings, settings],
    ]),
  };
});

const loaded = () => ({
  layout: vi.mocked(pages.loadProtectedLayout).mock.calls.length,
  shell: vi.mocked(pages.loadSignedInShell).mock.calls.length,
  home: vi.mocked(pages.SIGNED_IN_PAGE_MODULES.get(ROUTES.home)!.load).mock.calls.length,
  settings: vi.mocked(pages.SIGNED_IN_PAGE_MODULES.get(ROUTES.settings)!.load).mock.calls.length,
  login: vi.mocked(pages.LOGIN_PAGE_MODULES.get(ROUTES.login)!.load).mock.calls.length,
});

describe('startFirstChunks', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    localStorage.clear();
    sessionStorage.clear();
  });

  it("should ask for the layout, the shell and the page's chunk when someone may be signed in", () => {
    localStorage.setItem(SESSION_CREDENTIALS_KEY, '{}');
    startFirstChunks('/smtapp/settings');
    expect(loaded()).toEqual({ layout: 1, shell: 1, home: 0, settings: 1, login: 0 });
  });

  it('should ask for nothing on a signed-in page when nobody signed in here', () => {
    startFirstChunks('/smtapp/settings');
    expect(loaded()).toEqual({ layout: 0, shell: 0, home: 0, settings: 0, login: 0 });
  });

  it("should ask for the login page's chunk on the login page", () => {
    startFirstChunks('/smtapp/login');
    expect(loaded()).toEqual({ layout: 0, shell: 0, home: 0, settings: 0, login: 1 });
  });

  it.each(['/smtapp/no-such-page', '/home', '/smtapp/share/notification/1/2/t'])(
    'should ask for nothing at %s',
    (pathname) => {
      localStorage.setItem(SESSION_CREDENTIALS_KEY, '{}');
      startFirstChunks(pathname);
      expect(loaded()).toEqual({ layout: 0, shell: 0, home: 0, settings: 0, login: 0 });
    },
  );
});
