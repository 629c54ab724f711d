// @ts-check
/**
 * The server's log: JSON lines (pino) on stdout, one per event, with the request's id on every line
 * written while a request is served (request-context.mjs), at LOG_LEVEL (default info). One logger
 * per process, shared by server.mjs and every bundle copy of the app (kept on globalThis).
 *
 * Never log what a visitor typed or holds: passwords, tokens, cookies, codes, messages. Call sites
 * log ids and outcomes; `redact` below is the safety net for an object logged whole by mistake.
 */
import pino from "pino";
import { currentRequestId } from "../net/request-context.mjs";

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/** Keys whose values never reach the log, at the top level and one or two levels down. */
const SECRET_KEYS = [
  "password", "new_password", "current_password", "token", "access_token", "refresh_token", "id_token", "token_hash",
  "authorization", "cookie", "set-cookie", "apikey", "api_key", "apiKey", "secret", "otp", "code_verifier", "auth_code",
  "query", "inputs", "messages", "content", "answer", "body",
];
const REDACT_PATHS = SECRET_KEYS.flatMap((key) => {
  const field = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
  const nested = field.startsWith("[") ? field : `.${field}`;
  return [field, `*${nested}`, `*.*${nested}`];
});

/** @param {string | undefined} value */
function levelOf(value) {
  return value && LEVELS.includes(value) ? value : "info";
}

/**
 * @param {import("pino").DestinationStream} [destination] stdout by default (synchronous: a crash's last line is not lost)
 * @param {string} [level]
 */
export function createLogger(destination = pino.destination({ dest: 1, sync: true }), level = levelOf(process.env.LOG_LEVEL)) {
  return pino(
    {
      level,
      // `npm start`'s worker slot (src/lib/net/server-workers.mjs) when there are several processes.
      base: process.env.SPARK_WORKER_ID ? { pid: process.pid, worker: Number(process.env.SPARK_WORKER_ID) } : { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
    },
    destination,
  );
}

const LOGGER_KEY = Symbol.for("sparkai.logger");
const holder = /** @type {Record<symbol, import("pino").Logger | undefined>} */ (/** @type {unknown} */ (globalThis));

/** The process's logger. */
export function logger() {
  return (holder[LOGGER_KEY] ??= createLogger());
}

/** Replaces the process's logger (tests capture the lines so). @param {import("pino").Logger} instance */
export function replaceLogger(instance) {
  holder[LOGGER_KEY] = instance;
}
