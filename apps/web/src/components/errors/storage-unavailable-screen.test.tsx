import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StorageUnavailableScreen } from '@/components/errors/storage-unavailable-screen';
import { isLocalStorageAvailable } from '@/lib/storage';
import { renderScreen } from '@/testing/render';

describe('StorageUnavailableScreen', () => {
  it('should tell the user to change browser when rendered', () => {
    renderScreen(<StorageUnavailableScreen />);

    expect(
      screen.getByRole('heading', {
        name: 'Storage is unavailable. Please change your browser.',
      }),
    ).toBeTruthy();
  });
});

describe('isLocalStorageAvailable', () => {
  it('should be true when local storage works', () => {
    expect(isLocalStorageAvailable()).toBe(true);
  });

  it('should be false when writing to local storage throws', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });

    expect(isLocalStorageAvailable()).toBe(false);
  });

  it('should be false when reading from local storage throws', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('Access is denied.', 'SecurityError');
    });

    expect(isLocalStorageAvailable()).toBe(false);
  });

  it('should be false when local storage does not keep what was written', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockReturnValue(null);

    expect(isLocalStorageAvailable()).toBe(false);
  });

  it('should not leave its probe behind when local storage works', () => {
    isLocalStorageAvailable();

    expect(localStorage.length).toBe(0);
  });
});
