// Loaded into the API process by bench/hot-calls.bench.ts (`node --import`), so the bench can
// replay the very statements a call sends to PostgreSQL. Each SIGUSR2 turns the capture on or
// off; while it is on, every query any node-postgres client of the process sends is appended
// to SQL_CAPTURE_FILE as a JSON line: its text, parameters, row mode, statement name, and when it was sent and
// answered (so statements the server ran side by side are told from ones it ran in turn).
// Off, a query costs one test of a boolean more. Plain JavaScript: the server it joins runs
// from its bundle under node, without tsx.
import { appendFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const file = process.env.SQL_CAPTURE_FILE;

/** Parameters as JSON can hold them: dates as ISO text, which PostgreSQL reads back the same. */
const plain = (_key, value) => (typeof value === 'bigint' ? value.toString() : value);

if (file) {
  let on = false;
  process.on('SIGUSR2', () => {
    on = !on;
    appendFileSync(file, `${JSON.stringify({ mark: on ? 'on' : 'off' })}\n`);
  });
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function capturedQuery(config, values, callback) {
    if (!on) return query.call(this, config, values, callback);
    const entry = {
      text: typeof config === 'string' ? config : config?.text,
      values: Array.isArray(values) ? values : (config?.values ?? []),
      rowMode: typeof config === 'object' ? config?.rowMode : undefined,
      // A named statement is replayed named: PostgreSQL parses it once per connection there too.
      name: typeof config === 'object' && config?.name ? config.name : undefined,
      sentAt: performance.now(),
      answeredAt: null,
    };
    const write = () => {
      entry.answeredAt = performance.now();
      appendFileSync(file, `${JSON.stringify(entry, plain)}\n`);
    };
    // node-postgres takes a callback last (the pool passes one) or answers a promise.
    if (typeof callback === 'function' || typeof values === 'function') {
      const done = typeof callback === 'function' ? callback : values;
      const wrapped = (...args) => {
        write();
        return done(...args);
      };
      return typeof callback === 'function'
        ? query.call(this, config, values, wrapped)
        : query.call(this, config, wrapped);
    }
    const answer = query.call(this, config, values, callback);
    if (answer && typeof answer.then === 'function') answer.then(write, write);
    else write();
    return answer;
  };
}
