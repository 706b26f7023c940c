import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageDateLine } from '@/features/shell/components/page-date-line';
import { formatPageDate } from '@/features/shell/utils/format-page-date';
import { renderScreen } from '@/testing/render';

afterEach(() => {
  vi.useRealTimers();
});

describe('formatPageDate', () => {
  it('should give the weekday and the dd/MM/yyyy date when formatting a day', () => {
    expect(formatPageDate(new Date(2026, 10, 22, 15, 45))).toBe('Sunday, 22/11/2026');
    expect(formatPageDate(new Date(2027, 0, 4))).toBe('Monday, 04/01/2027');
  });
});

describe('PageDateLine', () => {
  it('should show today as a machine-readable time when rendered', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 22, 9, 30));

    renderScreen(<PageDateLine />);

    const time = screen.getByText('Sunday, 22/11/2026');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe('2026-11-22');
  });

  it('should move on to the next day when midnight passes', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 22, 23, 59, 58));
    renderScreen(<PageDateLine />);
    expect(screen.getByText('Sunday, 22/11/2026')).toBeTruthy();

    act(() => {
      vi.advanceTimersByTime(3_000);
    });

    expect(screen.getByText('Monday, 23/11/2026')).toBeTruthy();
  });
});
