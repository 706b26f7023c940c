import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent } from '@/lib/lazy-component';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('lazyComponent', () => {
  it('should show the component in the first render once preloaded, never the fallback', async () => {
    const load = vi.fn(async () => Greeting);
    const { Component, preload } = lazyComponent(load);
    await preload();

    render(
      <Suspense fallback={<p>Loading</p>}>
        <Component name="Ada" />
      </Suspense>,
    );

    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('should suspend until loaded when not preloaded, and load once however often asked', async () => {
    let arrive: (component: typeof Greeting) => void = () => undefined;
    const load = vi.fn(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)));
    const { Component, preload } = lazyComponent(load);

    render(
      <Suspense fallback={<p>Loading</p>}>
        <Component name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    void preload();
    await act(async () => arrive(Greeting));

    expect(await screen.findByText('Hello Ada')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('should ask again for a module that failed to arrive', async () => {
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(Greeting);
    const { preload } = lazyComponent(load);

    await expect(preload()).rejects.toThrow('offline');
    await expect(preload()).resolves.toBe(Greeting);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
