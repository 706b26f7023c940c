import {
  CANCELLED_SEGMENT_STATUSES,
  errorMessages,
  localDayText,
  localTimeText,
  SEGMENT_STATUS_MEANING,
  shareTexts as T,
  uiTexts,
  type PublicNotification,
  type PublicSegment,
  type PublicShareResponse,
} from '@smt/shared';
import { escapeHtml } from '@/lib/html-escape';

// The traveller's page (SPEC §2.12) written whole on the server: plain HTML and a little CSS,
// no script, so a phone paints it as soon as it arrives (docs/decisions/078).

type PublicFlight = PublicNotification['flights'][number];
type Design = PublicShareResponse['designProperties'];

/** Markup that is already safe: escaped text, or design HTML that went through DOMPurify. */
type Html = { readonly html: string };

const raw = (html: string): Html => ({ html });

/** A template whose every value is escaped unless it is already `Html`. */
function h(strings: TemplateStringsArray, ...values: (string | Html | readonly Html[])[]): Html {
  let html = strings[0] ?? '';
  values.forEach((value, index) => {
    const parts = Array.isArray(value) ? value : [value];
    html += parts
      .map((part: string | Html) => (typeof part === 'string' ? escapeHtml(part) : part.html))
      .join('');
    html += strings[index + 1] ?? '';
  });
  return raw(html);
}

const EMPTY_CELL = '—';
const CANCELLED_STATUS = 'UN';
const cancelledStatuses: readonly string[] = CANCELLED_SEGMENT_STATUSES;
const CLOCK = /^\d{4}-\d{2}-\d{2}[ T](\d{2}:\d{2})/;

/** The airport's own date and time, rearranged from 'yyyy-MM-dd HH:mm', never shifted. */
const dayOf = (local: string | undefined) => (local ? localDayText(local) : '');
const clockOf = (local: string | undefined) => (local ? (CLOCK.exec(local)?.[1] ?? '') : '');
const dateTimeOf = (local: string | undefined) => (local ? localTimeText(local) : '');
const routeOf = (segment: PublicSegment) => `${segment.origin} – ${segment.dest}`;

/** A flight shows 'Cancelled' when nothing replaced it and every old segment is UN. */
export function isCancelledFlight(flight: PublicFlight): boolean {
  return (
    (flight.currSegments ?? []).length === 0 &&
    flight.prevSegments.length > 0 &&
    flight.prevSegments.every((segment) => segment.status === CANCELLED_STATUS)
  );
}

let ids = 0;

/**
 * A table on wide screens; on a phone each row becomes a card of label and value (the labels
 * are the cells' data-label), so five columns never squeeze or scroll sideways at 375px.
 */
function detailsTable(id: string, columns: readonly string[], rows: readonly (string | Html)[][]) {
  return h`<table class="details" aria-labelledby="${id}"><thead><tr>${columns.map(
    (column) => h`<th scope="col">${column}</th>`,
  )}</tr></thead><tbody>${rows.map(
    (row) =>
      h`<tr>${columns.map(
        (column, index) =>
          h`<td data-label="${column}"><span>${row[index] === '' ? EMPTY_CELL : (row[index] ?? EMPTY_CELL)}</span></td>`,
      )}</tr>`,
  )}</tbody></table>`;
}

function intro(pnr: string, text: string) {
  return h`<div class="card"><p class="overline">${T.reservationNumber}</p><p class="pnr">${pnr}</p><p class="lead">${text}</p></div>`;
}

/** The new details name the flight too when it now flies under another number. */
function newDetailsTitle(flightNumber: string, current: readonly PublicSegment[]): string {
  const renamed = [
    ...new Set(
      current.flatMap((segment) =>
        segment.flightNumber && segment.flightNumber !== flightNumber ? [segment.flightNumber] : [],
      ),
    ),
  ];
  return renamed.length > 0 ? `${T.newFlightDetails}: ${renamed.join(', ')}` : T.newFlightDetails;
}

const SEGMENT_COLUMNS = [T.departureDate, T.route, T.departureTime, T.arrivalDate, T.arrivalTime];

const segmentRow = (segment: PublicSegment) => [
  dayOf(segment.departureDate),
  routeOf(segment),
  clockOf(segment.departureDate),
  dayOf(segment.arrivalDate),
  clockOf(segment.arrivalDate),
];

function segmentsBlock(title: string, segments: readonly PublicSegment[], cancelled = false) {
  const id = `t${++ids}`;
  return h`<section aria-labelledby="${id}"><h3 id="${id}">${title}</h3>${
    cancelled
      ? h`<p class="cancelled">${T.cancelled}</p>`
      : detailsTable(id, SEGMENT_COLUMNS, segments.map(segmentRow))
  }</section>`;
}

function flightChange(flight: PublicFlight) {
  const id = `f${++ids}`;
  const current = flight.currSegments ?? [];
  const cancelled = isCancelledFlight(flight);
  return h`<section class="card" aria-labelledby="${id}"><h2 id="${id}">${T.flightNumber} <b>${flight.flightNumber}</b></h2>${
    current.length > 0 || cancelled
      ? segmentsBlock(newDetailsTitle(flight.flightNumber, current), current, cancelled)
      : ''
  }${flight.prevSegments.length > 0 ? segmentsBlock(T.originalFlightDetails, flight.prevSegments) : ''}</section>`;
}

function scheduleChange(notification: PublicNotification) {
  return h`${intro(notification.pnrNumber, T.scheduleChangeIntro)}${notification.flights.map(
    flightChange,
  )}<p class="closing">${T.scheduleChangeClosing}</p>`;
}

/** 'UC: unable to confirm': the code the airline gave, and what it means. */
function statusText(status: string): string {
  const meaning: string | undefined = (SEGMENT_STATUS_MEANING as Record<string, string>)[status];
  return meaning ? `${status}: ${meaning}` : status;
}

/** A segment not confirmed (any status but HK) says its status beside the flight number. */
function flightCell(flightNumber: string, status: string): Html {
  if (status === 'HK') return h`${flightNumber}`;
  const tone = cancelledStatuses.includes(status) ? 'chip error' : 'chip warning';
  return h`${flightNumber} <span class="${tone}">${statusText(status)}</span>`;
}

const TD_COLUMNS = [T.route, T.flightNumberColumn, T.departure, T.arrival];

function ticketingDue(notification: PublicNotification) {
  const id = `d${++ids}`;
  const rows = notification.flights.flatMap((flight) =>
    flight.prevSegments.map((segment) => [
      routeOf(segment),
      flightCell(flight.flightNumber, segment.status),
      dateTimeOf(segment.departureDate),
      dateTimeOf(segment.arrivalDate),
    ]),
  );
  return h`${intro(notification.pnrNumber, T.ticketingDueIntro)}<section class="card" aria-labelledby="${id}"><h2 id="${id}">${T.reservationDetails}</h2>${detailsTable(id, TD_COLUMNS, rows)}</section>`;
}

function content(notification: PublicNotification): Html {
  switch (notification.notificationType) {
    case 'SC':
      return scheduleChange(notification);
    case 'TD':
      return ticketingDue(notification);
    case null:
      // Other kinds of notification have nothing to tell the traveller (SPEC §2.12).
      return raw('');
  }
}

// Matches the SPA page it replaces (MUI's theme: primary #1565c0, background #f5f7fa, the
// system font stack, md container 960px, 'sm' breakpoint at 600px).
const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;background:#f5f7fa;color:rgba(0,0,0,.87);font:400 1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
.wrap{width:100%;max-width:960px;margin:0 auto;padding:0 16px}
header.default{background:#1565c0;color:#fff}
header.default h1{margin:0;padding:16px 0;font-size:1.5rem;font-weight:400;line-height:1.334}
header.design,footer{background:#fff;border-bottom:1px solid rgba(0,0,0,.12)}
footer{border-bottom:0;border-top:1px solid rgba(0,0,0,.12)}
.design-html{padding:16px 0;overflow-wrap:anywhere}
.design-html img{max-width:100%;height:auto}
main.wrap{flex:1;padding-top:16px;padding-bottom:16px}
main.wrap>*+*{margin-top:16px}
.card{background:#fff;border:1px solid rgba(0,0,0,.12);border-radius:4px;padding:16px}
.card>*+*{margin-top:16px}
p{margin:0}
.overline{font-size:.75rem;line-height:2.66;letter-spacing:.08333em;text-transform:uppercase;color:rgba(0,0,0,.6)}
.pnr{margin:0!important;font-size:1.5rem;font-weight:700;letter-spacing:1px;line-height:1.334}
.lead{font-size:1rem;line-height:1.75}
h2{margin:0;font-size:1.25rem;font-weight:500;line-height:1.6}
h2 b{font-weight:700}
h3{margin:0 0 8px;font-size:1rem;font-weight:400;line-height:1.75}
.closing{padding:0 16px}
.cancelled{color:#d32f2f;font-weight:500}
.chip{display:inline-block;border-radius:16px;padding:0 8px;font-size:.8125rem;line-height:24px;font-weight:600;color:#fff}
.chip.error{background:#d32f2f}
.chip.warning{background:#ed6c02}
table.details{width:100%;border-collapse:separate;border-spacing:0;border:1px solid rgba(0,0,0,.12);border-radius:4px;font-size:.875rem;line-height:1.43}
.details th,.details td{text-align:left;padding:6px 16px;border-bottom:1px solid rgba(224,224,224,1)}
.details th{background:rgba(0,0,0,.04);font-weight:500;line-height:1.5rem;color:rgba(0,0,0,.6)}
.details tbody tr:last-child td{border-bottom:0}
.message{text-align:center;padding:48px 16px}
.message .icon{width:56px;height:56px;display:block;margin:0 auto 12px}
.message h2{font-size:1.5rem;font-weight:400;line-height:1.334}
.message p{color:rgba(0,0,0,.6);margin-top:12px}
.message a{display:inline-block;margin-top:20px;padding:5px 15px;border:1px solid rgba(21,101,192,.5);border-radius:4px;color:#1565c0;text-decoration:none;font-weight:500}
@media (min-width:600px){.wrap{padding:0 24px}header.default h1{padding:24px 0}main.wrap{padding-top:32px;padding-bottom:32px}main.wrap>*+*{margin-top:24px}.card{padding:24px}.closing{padding:0 24px}.message{padding:80px 16px}}
@media (max-width:599.98px){
table.details,.details tbody,.details tr,.details td{display:block;border:0}
table.details{border:0}
.details thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.details tr{border:1px solid rgba(0,0,0,.12);border-radius:4px;padding:12px 16px;display:grid;grid-template-columns:auto 1fr;column-gap:16px;row-gap:4px}
.details tr+tr{margin-top:8px}
.details td{display:contents}
.details td>span{font-weight:500}
.details td::before{content:attr(data-label);font-weight:400;color:rgba(0,0,0,.6)}
}
`
  .replace(/\n/g, '')
  .trim();

/** The whole document: the agency's header (else 'Your reservation'), the content, its footer. */
function page(main: Html, design: Design): string {
  const header =
    design.header === null
      ? h`<header class="default"><div class="wrap"><h1>${uiTexts.defaultShareHeader}</h1></div></header>`
      : h`<header class="design"><div class="wrap design-html">${raw(design.header)}</div></header>`;
  const footer =
    design.footer === null
      ? raw('')
      : h`<footer><div class="wrap design-html">${raw(design.footer)}</div></footer>`;
  return h`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><meta name="robots" content="noindex"><title>${uiTexts.defaultShareHeader}</title><style>${raw(STYLE)}</style></head><body>${header}<main class="wrap">${main}</main>${footer}</body></html>`
    .html;
}

/**
 * The page of a valid link. `design` must already be sanitised: its HTML is written as it is.
 */
export function notificationPage(notification: PublicNotification, design: Design): string {
  ids = 0;
  return page(content(notification), design);
}

const NO_DESIGN: Design = { header: null, footer: null };

// Material's LinkOff and ErrorOutline icons, as the SPA page showed them: drawn inline, no file.
const icon = (path: string, colour: string) =>
  raw(
    `<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="${colour}"><path d="${path}"/></svg>`,
  );
const LINK_OFF = icon(
  'M17 7h-4v1.9h4c1.71 0 3.1 1.39 3.1 3.1 0 1.43-.98 2.63-2.31 2.98l1.46 1.46C20.88 15.61 22 13.95 22 12c0-2.76-2.24-5-5-5m-1 4h-2.19l2 2H16zM2 4.27l3.11 3.11C3.29 8.12 2 9.91 2 12c0 2.76 2.24 5 5 5h4v-1.9H7c-1.71 0-3.1-1.39-3.1-3.1 0-1.59 1.21-2.9 2.76-3.07L8.73 11H8v2h2.73L13 15.27V17h1.73l4.01 4L20 19.74 3.27 3 2 4.27z',
  'rgba(0,0,0,.54)',
);
const ERROR_OUTLINE = icon(
  'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8',
  '#d32f2f',
);

/** A wrong, old or withdrawn link (SPEC §2.12, §8). */
export const expiredPage = () =>
  page(
    h`<div class="message" role="alert">${LINK_OFF}<h2>${errorMessages.linkExpiredTitle}</h2><p>${errorMessages.linkExpiredText}</p></div>`,
    NO_DESIGN,
  );

/** Any other failure: the generic error, and a plain link that asks for the page again. */
export const errorPage = (again: string) =>
  page(
    h`<div class="message" role="alert">${ERROR_OUTLINE}<h2>${errorMessages.genericTitle}</h2><p>${errorMessages.genericText}</p><a href="${again}">${T.tryAgain}</a></div>`,
    NO_DESIGN,
  );
