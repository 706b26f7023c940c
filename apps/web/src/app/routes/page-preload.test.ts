import { describe, expect, it, vi } from 'vitest';
import { preloadPagesOf } from '@/app/routes/page-preload';

const match = (handle: unknown) => ({ route: { handle } });

describe('preloadPagesOf', () => {
  it('should start loading the page of every matched route that names one, and skip the rest', () => {
    const home = vi.fn(() => Promise.resolve());
    const layout = vi.fn(() => Promise.resolve());

    preloadPagesOf([
      match(undefined),
      match({ preload: layout }),
      match({ title: 'no page' }),
      match({ preload: home }),
    ]);

    expect(layout).toHaveBeenCalledOnce();
    expect(home).toHaveBeenCalledOnce();
  });
});
