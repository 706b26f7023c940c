// The README's "Run in production" section, followed step by step with its own commands on an
// empty PostgreSQL database: build, the first super user by `npm run admin`, two API processes
// and two workers by `node apps/server/dist/server.js` (as a supervisor runs them), readiness of
// each, then the super user signs in by SMS code,
// sets up an agency (which starts with no connection: Add PNR is refused), connects it to
// Duffel, books for its agent there, and sees the notification the workers raised.
//
//   node scripts/production-rehearsal.mjs postgres://user@127.0.0.1:5432/empty_database
//
// Everything listens on 127.0.0.1. The SMS provider is a listener of this script on loopback
// that takes the POSTs SMS_WEBHOOK_URL receives, as a provider's webhook would; Duffel's API is
// the tests' stand-in on loopback (apps/server/test/duffel-stand-in/serve.ts), reached through
// DUFFEL_API_URL. Last, one API process is stopped as a supervisor stops it (SIGTERM): it drains
// (readiness 503 while it still answers), then exits 0, and every line each process printed is
// JSON. Exit 0 when every step held; 1 with the step that failed and the processes' last output.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { solveChallenge } from 'altcha-lib/v1';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STEP_TIMEOUT_MS = 180_000;
const SUPER_USER = { email: 'owner@agency.example', phone: '+972541234567' };

const databaseUrl = process.argv[2];
if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
  console.error('Usage: node scripts/production-rehearsal.mjs <postgres://… of an empty database>');
  process.exit(2);
}

const step = (text) => console.log(`\n== ${text}`);
const children = [];

/** A port nobody listens on now. */
async function freePort() {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  await once(server, 'close');
  return port;
}

async function until(what, probe, timeoutMs = STEP_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    for (const child of children) {
      if (child.exitCode !== null) throw new Error(`${child.label} ended (${child.exitCode})`);
    }
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s${last ? ` (${last.message})` : ''}`);
}

/** `npm run …` as the README writes it; its output goes to ours. */
function npmRun(args, env) {
  console.log(`$ npm ${args.join(' ')}`);
  const result = spawnSync('npm', args, { cwd: ROOT, env, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} exited ${result.status}`);
}

/** One process as the README's supervisor runs it, in a process group of its own. */
function serverStart(label, env) {
  console.log(
    `$ ${Object.entries(env.shown)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')} node apps/server/dist/server.js`,
  );
  const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: ROOT,
    env: env.all,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.label = label;
  child.output = '';
  child.everything = '';
  const keep = (chunk) => {
    child.output = (child.output + chunk.toString()).slice(-20_000);
    child.everything += chunk.toString();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  children.push(child);
  return child;
}

/** Lines a process printed that are not JSON log lines. */
function notJson(child) {
  return child.everything
    .split('\n')
    .filter((line) => line.trim() !== '')
    .filter((line) => {
      try {
        return typeof JSON.parse(line).level !== 'number';
      } catch {
        return true;
      }
    });
}

async function stopAll() {
  await Promise.all(
    children.map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        return;
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Gone already.
        }
      }, 15_000);
      await once(child, 'exit');
      clearTimeout(timer);
    }),
  );
}

/** The SMS provider: keeps what SMS_WEBHOOK_URL is sent, `{ to, text }` as JSON. */
async function smsProvider() {
  const received = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      try {
        received.push(JSON.parse(body));
        response.writeHead(200).end();
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${server.address().port}/sms`, received, server };
}

/**
 * Duffel's API as the tests' stand-in serves it on `port`, in a process group of its own; its
 * control API on the next port says the token it takes.
 */
async function duffelStandIn(port) {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME ?? ROOT };
  const child = spawn(
    'npx',
    ['tsx', '--tsconfig', 'apps/server/tsconfig.json', 'apps/server/test/duffel-stand-in/serve.ts'],
    {
      cwd: ROOT,
      env: { ...env, DUFFEL_STAND_IN_PORT: String(port) },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.label = 'Duffel stand-in';
  child.output = '';
  const keep = (chunk) => (child.output = (child.output + chunk.toString()).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  children.push(child);
  return until('the Duffel stand-in', async () => {
    const health = await call(`http://127.0.0.1:${port + 1}`, 'GET', '/health');
    return health.status === 200 ? health.json : null;
  });
}

async function call(base, method, path, { headers = {}, body } = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON (metrics).
  }
  return { status: response.status, json, text };
}

async function expectOk(answer, what) {
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${answer.text}`);
  return answer.json;
}

/** A solved ALTCHA challenge, as the login page's widget sends it. */
async function solvedCaptcha(base) {
  const challenge = await expectOk(await call(base, 'GET', '/api/auth/captcha'), 'captcha');
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error('the captcha could not be solved');
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
    took: solution.took,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

async function main() {
  const sms = await smsProvider();
  const [api1, api2, metrics1, metrics2, duffelPort] = await Promise.all(
    [1, 2, 3, 4, 5].map(() => freePort()),
  );
  // What the README's .env.example asks for in production, with this machine's addresses.
  const production = {
    APP_ENV: 'production',
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: `http://127.0.0.1:${api1}`,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    SMS_WEBHOOK_URL: sms.url,
    DUFFEL_API_URL: `http://127.0.0.1:${duffelPort}`,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  const base = { PATH: process.env.PATH, HOME: process.env.HOME ?? ROOT };
  const envOf = (extra) => ({ shown: extra, all: { ...base, ...production, ...extra } });

  try {
    step('Build');
    npmRun(['run', 'build'], base);

    step('The first super user');
    npmRun(
      [
        'run',
        'admin',
        '--',
        'create-user',
        '--role',
        'SuperUser',
        '--email',
        SUPER_USER.email,
        '--phone',
        SUPER_USER.phone,
        '--name',
        'Site Owner',
      ],
      { ...base, ...production },
    );

    step('Two API processes and two workers');
    const api1Process = serverStart('api 1', envOf({ SMT_ROLE: 'api', PORT: String(api1) }));
    serverStart('api 2', envOf({ SMT_ROLE: 'api', PORT: String(api2) }));
    serverStart('worker 1', envOf({ SMT_ROLE: 'worker', METRICS_PORT: String(metrics1) }));
    serverStart('worker 2', envOf({ SMT_ROLE: 'worker', METRICS_PORT: String(metrics2) }));
    const apis = [`http://127.0.0.1:${api1}`, `http://127.0.0.1:${api2}`];
    const workers = [`http://127.0.0.1:${metrics1}`, `http://127.0.0.1:${metrics2}`];
    for (const process of [...apis, ...workers]) {
      const ready = await until(`${process}/api/ready`, async () => {
        const answer = await call(process, 'GET', '/api/ready');
        return answer.status === 200 ? answer.json : null;
      });
      console.log(`${process}/api/ready: ${JSON.stringify(ready)}`);
    }
    const inbox = await call(apis[0], 'GET', '/api/dev/inbox?to=x');
    if (inbox.status !== 404) throw new Error(`the dev inbox answered ${inbox.status}`);

    step('The super user signs in by SMS code');
    const captcha = await solvedCaptcha(apis[0]);
    await expectOk(
      await call(apis[0], 'POST', '/api/auth/sms/send', { body: { ...SUPER_USER, captcha } }),
      'sms/send',
    );
    const code = await until('the SMS with the code', async () => {
      const message = sms.received.find((one) => one.to === SUPER_USER.phone);
      return message?.text.match(/\b(\d{6})\b/)?.[1];
    });
    const session = await expectOk(
      await call(apis[0], 'POST', '/api/auth/sms/verify', {
        body: { ...SUPER_USER, code, keepLoggedIn: false },
      }),
      'sms/verify',
    );
    const headers = {
      'SA-REGID': session.accessToken,
      'SA-DN': SUPER_USER.phone,
      'SA-EMAIL': SUPER_USER.email,
    };
    const me = await expectOk(await call(apis[1], 'GET', '/api/getUserDetails', { headers }), 'me');
    console.log(`Signed in as ${me.name} (${me.roles.join(', ')}), seen by the second API process`);

    step('An agency, a branch, an agent, and a booking of theirs');
    const post = async (base, path, body) =>
      (await expectOk(await call(base, 'POST', path, { headers, body }), path)).id;
    const agencyId = await post(apis[0], '/api/admin/management/agency/create', {
      name: 'Rehearsal Travel',
    });
    const branchId = await post(apis[1], '/api/admin/management/branch/create', {
      name: 'Head office',
      pcc: 'RH1',
      agencyId,
    });
    const agentId = await post(apis[0], '/api/admin/management/agent/create', {
      name: 'Rina Agent',
      initials: 'RA',
      branchId,
    });
    // A flight Duffel's stand-in holds on any day (its sandbox airline, ZZ).
    const pnr = {
      agencyId,
      branchId,
      agentId,
      type: 'REGULAR',
      departsInDays: 30,
      ticketingDueInHours: 24,
      firstName: 'DANA',
      lastName: 'LEVI',
      from: 'TLV',
      to: 'LHR',
      airline: 'ZZ',
      flightNumber: '100',
    };
    const connections = await expectOk(
      await call(apis[0], 'GET', `/api/admin/connections/getList?agencyId=${agencyId}`, {
        headers,
      }),
      'connections',
    );
    if (connections.items.length !== 0) {
      throw new Error(`the new agency has connections: ${JSON.stringify(connections.items)}`);
    }
    const refused = await call(apis[1], 'POST', '/api/admin/pnr/create', { headers, body: pnr });
    if (refused.status !== 409) {
      throw new Error(`Add PNR with no connection: ${refused.status} ${refused.text}`);
    }
    console.log(`No connection yet, so Add PNR is refused: ${refused.json.message}`);

    step("The agency connects its Duffel account (Duffel's stand-in)");
    const duffel = await duffelStandIn(duffelPort);
    const connection = await expectOk(
      await call(apis[0], 'POST', '/api/admin/connections/connectDuffel', {
        headers,
        body: { agencyId, defaultBranchId: branchId, token: duffel.token },
      }),
      'connectDuffel',
    );
    console.log(`Connected Duffel at ${duffel.url} (connection ${connection.id})`);
    const booking = await expectOk(
      await call(apis[1], 'POST', '/api/admin/pnr/create', { headers, body: pnr }),
      'admin/pnr/create',
    );
    console.log(`Booked ${booking.pnrNumber} at Duffel`);

    step('The workers check it and raise its notification');
    const found = await until(`a notification of ${booking.pnrNumber}`, async () => {
      const answer = await call(apis[0], 'POST', '/api/v2/getNotificationList', {
        headers,
        body: { fetchType: 'all', group: 'RECENT', subtype: ['Pending'], chunk: 50 },
      });
      return answer.json?.notifications?.find((one) => one.pnr === booking.pnrNumber);
    });
    console.log(`${found.type} for ${found.pnr}: ${found.title_message}`);
    const checks = await Promise.all(
      workers.map(async (worker) => {
        const metrics = await call(worker, 'GET', '/metrics');
        const lines = metrics.text
          .split('\n')
          .filter((line) => /^smt_engine_checks_total/.test(line));
        return lines.reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
      }),
    );
    console.log(`Booking checks by the workers, from their /metrics: ${checks.join(' and ')}`);
    if (checks.reduce((a, b) => a + b, 0) === 0) throw new Error('no worker counted a check');

    step('The first API process is stopped as a supervisor stops it');
    api1Process.kill('SIGTERM');
    const draining = await until('api 1 draining', async () => {
      const answer = await call(apis[0], 'GET', '/api/ready');
      return answer.status === 503 ? answer.json : null;
    });
    console.log(`api 1 /api/ready: 503 ${JSON.stringify(draining)}`);
    await expectOk(
      await call(apis[0], 'GET', '/api/getUserDetails', { headers }),
      'while draining',
    );
    console.log('api 1 still answers while it drains');
    const exitCode = api1Process.exitCode ?? (await once(api1Process, 'exit'))[0];
    if (exitCode !== 0) throw new Error(`api 1 exited ${exitCode}`);
    console.log('api 1 exited 0');
    await expectOk(await call(apis[1], 'GET', '/api/getUserDetails', { headers }), 'api 2');

    step('Every line every process printed is JSON');
    for (const child of children.filter((one) => one.label !== 'Duffel stand-in')) {
      const lines = notJson(child);
      if (lines.length > 0) throw new Error(`${child.label} printed: ${lines.join(' | ')}`);
    }
    console.log('yes');

    step('Rehearsal passed');
  } catch (error) {
    console.error(`\nRehearsal failed: ${error.message}`);
    for (const child of children) {
      console.error(`\n-- ${child.label}, last output:\n${child.output.slice(-4_000)}`);
    }
    process.exitCode = 1;
  } finally {
    await stopAll();
    sms.server.close();
  }
}

await main();
