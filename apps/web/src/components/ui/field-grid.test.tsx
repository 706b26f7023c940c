import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FieldGrid } from '@/components/ui/field-grid';
import { renderScreen } from '@/testing/render';

describe('FieldGrid', () => {
  it('should pair each label with its value in a description list when given fields', () => {
    renderScreen(
      <FieldGrid
        fields={[
          { label: 'PNR', value: 'ABC123' },
          { label: 'Airline', value: <strong>LY</strong> },
        ]}
      />,
    );

    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    const values = screen.getAllByRole('definition').map((value) => value.textContent);
    expect(terms).toEqual(['PNR', 'Airline']);
    expect(values).toEqual(['ABC123', 'LY']);
  });
});
