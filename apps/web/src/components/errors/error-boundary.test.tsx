import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '@/components/errors/error-boundary';

function Exploding(): never {
  throw new Error('boom');
}

describe('ErrorBoundary', () => {
  it('should render its children when they do not fail', () => {
    render(
      <ErrorBoundary fallback={<p>fallback</p>}>
        <p>content</p>
      </ErrorBoundary>,
    );

    expect(screen.getByText('content')).toBeTruthy();
    expect(screen.queryByText('fallback')).toBeNull();
  });

  it('should render the fallback and report the error when a child throws', () => {
    // React reports caught render errors on the console; the test expects one.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onError = vi.fn();

    render(
      <ErrorBoundary fallback={<p>fallback</p>} onError={onError}>
        <Exploding />
      </ErrorBoundary>,
    );

    expect(screen.getByText('fallback')).toBeTruthy();
    expect(onError).toHaveBeenCalledOnce();
    expect((onError.mock.calls[0]?.[0] as Error).message).toBe('boom');
  });

  it('should render the children again when the fallback resets it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fixed = false;
    function Flaky() {
      if (!fixed) throw new Error('boom');
      return <p>recovered</p>;
    }

    render(
      <ErrorBoundary
        fallback={({ reset }) => (
          <button
            onClick={() => {
              fixed = true;
              reset();
            }}
          >
            retry
          </button>
        )}
      >
        <Flaky />
      </ErrorBoundary>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'retry' }));

    expect(screen.getByText('recovered')).toBeTruthy();
  });

  it('should render the children again when its reset key changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Page({ path }: { path: string }) {
      if (path === '/broken') throw new Error('boom');
      return <p>{path}</p>;
    }
    const at = (path: string) => (
      <ErrorBoundary fallback={<p>fallback</p>} resetKey={path}>
        <Page path={path} />
      </ErrorBoundary>
    );

    const { rerender } = render(at('/broken'));
    expect(screen.getByText('fallback')).toBeTruthy();
    rerender(at('/home'));

    expect(screen.getByText('/home')).toBeTruthy();
  });
});
