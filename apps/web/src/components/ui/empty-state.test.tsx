import SearchOffIcon from '@mui/icons-material/SearchOff';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmptyState } from '@/components/ui/empty-state';
import { renderScreen } from '@/testing/render';

describe('EmptyState', () => {
  it("should say 'No data available' when no title is given", () => {
    renderScreen(<EmptyState />);

    expect(screen.getByRole('status').textContent).toBe('No data available');
  });

  it('should show the given icon, title and text when they are given', () => {
    renderScreen(
      <EmptyState
        icon={<SearchOffIcon data-testid="icon" />}
        title="No data to display"
        text="Please select another filter"
      />,
    );

    const status = screen.getByRole('status');
    expect(status.contains(screen.getByTestId('icon'))).toBe(true);
    expect(screen.getByText('No data to display')).toBeTruthy();
    expect(screen.getByText('Please select another filter')).toBeTruthy();
  });
});
