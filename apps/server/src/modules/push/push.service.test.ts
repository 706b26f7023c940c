import { describe, expect, it } from 'vitest';
import { isBrowserPushService } from './push.service';

describe('isBrowserPushService', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://android.googleapis.com/gcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://web.push.apple.com/abc',
    'https://wns2-by3p.notify.windows.com/w/?token=abc',
  ])('should know %s', (endpoint) => {
    expect(isBrowserPushService(endpoint)).toBe(true);
  });

  it.each([
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com:8443/fcm/send/abc',
    'https://fcm.googleapis.com.evil.test/fcm/send/abc',
    'https://evil.test/?fcm.googleapis.com',
    'https://user@fcm.googleapis.com/fcm/send/abc',
    'https://notify.windows.com.evil.test/w',
    'https://evilnotify.windows.com/w',
    'not a url',
  ])('should not take %s for one', (endpoint) => {
    expect(isBrowserPushService(endpoint)).toBe(false);
  });
});
