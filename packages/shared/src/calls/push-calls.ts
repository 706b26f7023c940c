import {
  PushSubscribeBody,
  PushSubscribeResponse,
  PushUnsubscribeBody,
  PushUnsubscribeResponse,
  VapidPublicKeyResponse,
} from '../schemas/push';
import { defineCall } from './define-call';

// Web push: the key browsers subscribe with (anyone), and the (un)subscribe calls of the
// signed-in user's browser, which send the browser's subscription as JSON.

export * from '../schemas/push';

export const pushCalls = {
  vapidPublicKey: defineCall({
    method: 'GET',
    path: 'push/vapid-public-key',
    access: 'public',
    answer: VapidPublicKeyResponse,
  }),
  subscribe: defineCall({
    method: 'POST',
    path: 'push/subscribe',
    access: 'signedIn',
    body: PushSubscribeBody,
    encoding: 'json',
    answer: PushSubscribeResponse,
    refusals: ['push.endpoint-refused', 'push.endpoint-taken'],
  }),
  unsubscribe: defineCall({
    method: 'POST',
    path: 'push/unsubscribe',
    access: 'signedIn',
    body: PushUnsubscribeBody,
    encoding: 'json',
    answer: PushUnsubscribeResponse,
  }),
};
