import Fastify from 'fastify';

/** A logger that writes nothing, for code under test that wants one. */
export const silentLog = Fastify({ logger: { level: 'silent' } }).log;
