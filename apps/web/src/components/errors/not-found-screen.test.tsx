import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotFoundScreen } from '@/components/errors/not-found-screen';
import { renderScreen } from '@/testing/render';

describe('NotFoundScreen', () => {
  it('should say the page does not exist and link back home when rendered', () => {
    renderScreen(<NotFoundScreen />, '/no/such/page');

    expect(screen.getByRole('heading', { name: 'This page does not exist' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(
      '/',
    );
  });
});
