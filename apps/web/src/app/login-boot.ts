import { APP_ENTRY_META_NAME, SUBMITTED_BEFORE_START_KEY } from '@smt/shared';
import { mayBeSignedIn } from '@/lib/may-be-signed-in';

// The sign-in page's only script on a first visit (issue 39, decision 079). The document has
// painted the form; the app (React, MUI and the rest) loads when the form is first reached for,
// and takes over with what was typed. It loads at once where the page may not stay a form: a
// link's code in the address, a session this browser may hold, storage the app must report.

const entry = document.querySelector<HTMLMetaElement>(`meta[name="${APP_ENTRY_META_NAME}"]`);
const paintedForm = document.querySelector('#root form');
let starting = false;

function start(): void {
  if (starting || !entry) return;
  starting = true;
  // The modules the entry imports, fetched beside it rather than once it has been read.
  for (const href of entry.dataset.preload?.split(' ').filter(Boolean) ?? []) {
    document.head.append(
      Object.assign(document.createElement('link'), { rel: 'modulepreload', href }),
    );
  }
  // A failed load leaves the form as it is; the next touch tries again.
  import(/* @vite-ignore */ entry.content).catch(() => {
    starting = false;
  });
}

/** A send asked for before the app ran: the app makes it once it has taken the form over. */
function onSubmit(event: SubmitEvent): void {
  if (event.target !== paintedForm) return;
  event.preventDefault();
  if (event.submitter instanceof HTMLButtonElement && event.submitter.value) {
    document.documentElement.dataset[SUBMITTED_BEFORE_START_KEY] = event.submitter.value;
  }
  start();
}

// Someone already in a field of the painted form before this script ran is using it.
const inUse = () => paintedForm !== null && paintedForm.contains(document.activeElement);

if (window.location.search !== '' || mayBeSignedIn() || inUse()) {
  start();
} else {
  for (const type of ['focusin', 'pointerdown', 'keydown', 'touchstart']) {
    document.addEventListener(type, start, { capture: true, once: true });
  }
}
document.addEventListener('submit', onSubmit, { capture: true });
