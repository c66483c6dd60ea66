// The HTTP layer of the API client: one undici Agent per server (TLS, auth, headers), a timeout
// combined with the caller's signal, and a body reader that stops at maxBodyBytes so a huge or
// endless answer cannot exhaust memory. Every failure becomes an AlertmanagerError.
import { createHash, type Hash } from 'node:crypto';
import { rootCertificates } from 'node:tls';
import { Agent, request, type Dispatcher } from 'undici';
import {
  type Auth,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_TIMEOUT_MS,
  type ConnectionOptions,
  type RequestOptions,
} from './connection.ts';
import { errorWords } from './error-words.ts';
import { AlertmanagerError, errorForStatus, type ErrorKind } from './errors.ts';

export type Method = 'GET' | 'POST' | 'DELETE';

export interface HttpCall {
  method: Method;
  /** Path under /api/v2, e.g. `/alerts/groups` (under the base URL itself with `root`). */
  path: string;
  /** `path` is under the base URL, not under /api/v2 (Mimir's buildinfo). */
  root?: boolean;
  /** Name used in errors, e.g. `GET /alerts/groups` (no ids or query values). */
  endpoint: string;
  query?: URLSearchParams;
  /** Serialized as JSON. */
  json?: unknown;
  /**
   * The digest of a body read before: a body with the same digest is not decoded (the answer
   * says `unchanged`), so a poll that changed nothing costs its transfer and a hash.
   */
  sameAs?: string;
}

export interface HttpAnswer {
  status: number;
  /**
   * The body decoded as UTF-8; invalid sequences become U+FFFD (validation decides later).
   * Decoded when first read.
   */
  readonly text: string;
  /**
   * The body decoded chunk by chunk as it arrived, the same text as `text` in pieces, for a
   * reader that never needs one string of the whole body (a 5 MB string outlives the parse
   * that read it: large objects go only with a full collection).
   */
  textChunks(): Iterable<string>;
  /** The body's bytes as they arrived, in order (never joined into one buffer: see readBytes). */
  byteChunks(): readonly Uint8Array[];
  /** SHA-256 of the body bytes (successful answers only). */
  digest?: string;
  /** The body has the digest of `call.sameAs`: `text` is empty, nothing was decoded. */
  unchanged?: boolean;
}

/** Node/undici error codes of certificate and handshake failures. */
const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_CRL',
  'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
  'CERT_SIGNATURE_FAILURE',
  'CERT_NOT_YET_VALID',
  'CERT_HAS_EXPIRED',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'INVALID_CA',
  'PATH_LENGTH_EXCEEDED',
  'INVALID_PURPOSE',
  'HOSTNAME_MISMATCH',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_TLS_HANDSHAKE_TIMEOUT',
  'EPROTO',
]);

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_DESTROYED',
]);

const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** Every `code` along the error's cause chain (undici wraps socket errors). */
function codesOf(err: unknown): string[] {
  const codes: string[] = [];
  let cur: unknown = err;
  for (let depth = 0; depth < 5 && cur && typeof cur === 'object'; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    cur = (cur as { cause?: unknown }).cause;
  }
  return codes;
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function classify(err: unknown): { kind: ErrorKind; detail: string; words?: string } {
  const codes = codesOf(err);
  const message = messageOf(err);
  // The code once (undici's "connect ECONNREFUSED 127.0.0.1:1" has it already), after words.
  const exact = codes[0] && !message.includes(codes[0]) ? `${codes[0]}: ${message}` : message;
  const words = errorWords(codes);
  const detail = words ? `${words} (${exact})` : exact;
  const w = words === undefined ? {} : { words };
  if (codes.some((c) => TLS_CODES.has(c) || c.startsWith('ERR_SSL_') || c.startsWith('ERR_TLS_')))
    return { kind: 'tls', detail, ...w };
  if (codes.some((c) => TIMEOUT_CODES.has(c))) return { kind: 'timeout', detail, ...w };
  if (codes.some((c) => NETWORK_CODES.has(c))) return { kind: 'network', detail, ...w };
  // Anything else (protocol parse errors, unknown failures) is still "could not talk to it".
  return { kind: 'network', detail, ...w };
}

/** The server dropped the (reused) connection before answering. */
function isStaleConnection(err: unknown): boolean {
  return codesOf(err).some((c) => c === 'UND_ERR_SOCKET' || c === 'ECONNRESET');
}

class BodyTooLarge extends Error {}

/** Drops a response body and its connection; the resulting 'error' event is expected. */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => {});
  body.destroy();
}

/** How much of an error answer is read for its message. */
const ERROR_BODY_BYTES = 64 * 1024;

/**
 * Base URL normalised: no trailing slash, no query/fragment and no `/api/v2` (users paste
 * either form); undefined when unusable.
 */
export function normalizeBaseUrl(raw: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.search = '';
  url.hash = '';
  url.pathname = url.pathname
    .replace(/\/+$/, '')
    .replace(/\/api\/v2$/, '')
    .replace(/\/+$/, '');
  return url;
}

/** An unparseable base URL for messages, without anything that looks like credentials. */
function redactUrl(raw: string): string {
  return raw.replace(/\/\/[^/@]*@/, '//');
}

export class HttpTransport {
  readonly baseUrl: string;
  readonly #base: URL | undefined;
  readonly #agent: Agent;
  readonly #headers: Record<string, string>;
  readonly #timeoutMs: number;
  readonly #maxBodyBytes: number;
  #closed = false;
  readonly #hasClientCert: boolean;

  constructor(options: ConnectionOptions) {
    const base = normalizeBaseUrl(options.baseUrl);
    // Credentials in the URL (https://user:pass@host) become basic auth when no auth is
    // configured, and never stay in baseUrl (it is shown in the UI and in logs).
    let urlAuth: Auth | undefined;
    if (base && (base.username || base.password)) {
      urlAuth = {
        type: 'basic',
        username: decodeURIComponent(base.username),
        password: decodeURIComponent(base.password),
      };
      base.username = '';
      base.password = '';
    }
    this.#base = base;
    this.baseUrl = base ? base.href.replace(/\/+$/, '') : redactUrl(options.baseUrl);
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;

    const tls = options.tls ?? {};
    this.#hasClientCert = Boolean(tls.cert);
    this.#agent = new Agent({
      connections: 2,
      connect: {
        // Extra CAs are added to the public roots, not substituted for them.
        ...(tls.ca ? { ca: [...rootCertificates, tls.ca] } : {}),
        ...(tls.cert ? { cert: tls.cert } : {}),
        ...(tls.key ? { key: tls.key } : {}),
        rejectUnauthorized: !tls.insecureSkipVerify,
        timeout: this.#timeoutMs,
      },
    });

    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (name.trim() !== '') headers[name.toLowerCase()] = value;
    }
    const auth = options.auth && options.auth.type !== 'none' ? options.auth : urlAuth;
    if (auth?.type === 'basic') {
      const token = Buffer.from(`${auth.username}:${auth.password}`, 'utf8').toString('base64');
      headers.authorization = `Basic ${token}`;
    } else if (auth?.type === 'bearer') {
      headers.authorization = `Bearer ${auth.token}`;
    }
    headers.accept = 'application/json';
    this.#headers = headers;
  }

  /**
   * One exchange. A GET that fails before any answer because the server closed a kept-alive
   * connection as we reused it ("other side closed", ECONNRESET) is retried once on a new
   * connection: otherwise an idle-timeout race would show a healthy server as unreachable.
   */
  async call(call: HttpCall, opts?: RequestOptions, retried = false): Promise<HttpAnswer> {
    const { endpoint } = call;
    const fail = (
      kind: ErrorKind,
      message: string,
      cause?: unknown,
      summary?: string,
    ): AlertmanagerError =>
      new AlertmanagerError({
        kind,
        endpoint,
        message: `${endpoint}: ${message}`,
        cause,
        ...(summary === undefined ? {} : { summary }),
      });

    if (this.#closed) throw fail('aborted', 'client closed');
    if (!this.#base) throw fail('network', `invalid base URL ${JSON.stringify(this.baseUrl)}`);
    const caller = opts?.signal;
    if (caller?.aborted) throw fail('aborted', 'aborted', caller.reason);

    const url = new URL(this.#base.href);
    url.pathname = `${this.#base.pathname.replace(/\/+$/, '')}${call.root ? '' : '/api/v2'}${call.path}`;
    if (call.query) url.search = call.query.toString();

    const timeout = AbortSignal.timeout(this.#timeoutMs);
    const signal = caller ? AbortSignal.any([caller, timeout]) : timeout;
    const headers = { ...this.#headers };
    let body: string | undefined;
    if (call.json !== undefined) {
      body = JSON.stringify(call.json);
      headers['content-type'] = 'application/json';
    }

    let res: Dispatcher.ResponseData | undefined;
    try {
      res = await request(url, {
        method: call.method,
        headers,
        ...(body === undefined ? {} : { body }),
        signal,
        dispatcher: this.#agent,
        // Our own deadline covers the whole exchange; these only back it up.
        headersTimeout: this.#timeoutMs + 1000,
        bodyTimeout: this.#timeoutMs + 1000,
      });
      if (res.statusCode < 200 || res.statusCode > 299) {
        // Only the message matters in an error body: read its start, never fail on its size.
        const cap = Math.min(ERROR_BODY_BYTES, this.#maxBodyBytes);
        const text = await this.#readBody(res, signal, cap);
        throw errorForStatus(endpoint, res.statusCode, text);
      }
      const digest = createHash('sha256');
      const bytes = await this.#readBytes(res, signal, undefined, digest);
      const hex = digest.digest('hex');
      if (call.sameAs !== undefined && call.sameAs === hex)
        return {
          status: res.statusCode,
          text: '',
          textChunks: () => [],
          byteChunks: () => [],
          digest: hex,
          unchanged: true,
        };
      return decodedAnswer(res.statusCode, hex, bytes);
    } catch (err) {
      if (err instanceof AlertmanagerError) throw err;
      // Release the connection: an unread body would keep it busy.
      if (res) discard(res.body);
      if (err instanceof BodyTooLarge) {
        throw new AlertmanagerError({
          kind: 'too-large',
          endpoint,
          ...(res ? { status: res.statusCode } : {}),
          message: `${endpoint}: ${err.message}`,
        });
      }
      if (caller?.aborted) throw fail('aborted', 'aborted', err);
      if (timeout.aborted)
        throw fail(
          'timeout',
          `no complete answer within ${this.#timeoutMs} ms`,
          err,
          `no complete answer within ${this.#timeoutMs / 1000} s (${url.host})`,
        );
      if (this.#closed) throw fail('aborted', 'client closed', err);
      if (!res && !retried && call.method === 'GET' && isStaleConnection(err)) {
        return this.call(call, opts, true);
      }
      const { kind, detail, words } = classify(err);
      const what =
        kind === 'tls' ? 'TLS failure' : kind === 'timeout' ? 'timed out' : 'network error';
      // A TLS 1.3 server that requires a client certificate just closes the connection.
      const hint =
        kind === 'network' && url.protocol === 'https:' && !this.#hasClientCert
          ? ' (if the server requires a client certificate, configure one)'
          : '';
      throw fail(
        kind,
        `${what} reaching ${url.host}: ${detail}${hint}`,
        err,
        words === undefined ? undefined : `${words} (${url.host})`,
      );
    }
  }

  /**
   * Reads the whole body, giving up as soon as it grows past maxBodyBytes. With `truncateAt`
   * it instead keeps only that many bytes and drops the connection.
   */
  async #readBody(
    res: Dispatcher.ResponseData,
    signal: AbortSignal,
    truncateAt?: number,
  ): Promise<string> {
    return decode(await this.#readBytes(res, signal, truncateAt));
  }

  /**
   * The body's chunks as they arrived, hashed into `digest` one by one (a 10 MB body's SHA-256
   * in one task held the core ~10 ms). They are never joined: a joined 10 MB buffer took ~35 ms
   * of copying and page faults in one task, and glibc keeps such buffers' pages in its heap
   * once they are freed between others.
   */
  async #readBytes(
    res: Dispatcher.ResponseData,
    signal: AbortSignal,
    truncateAt?: number,
    digest?: Hash,
  ): Promise<{ chunks: Buffer[]; size: number }> {
    const limit = this.#maxBodyBytes;
    const declared = Number(res.headers['content-length']);
    if (truncateAt === undefined && Number.isFinite(declared) && declared > limit) {
      throw new BodyTooLarge(`response of ${declared} bytes exceeds the limit of ${limit} bytes`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      const buf = chunk as Buffer;
      if (truncateAt !== undefined && size + buf.length >= truncateAt) {
        chunks.push(buf.subarray(0, truncateAt - size));
        size = truncateAt;
        discard(res.body);
        break;
      }
      size += buf.length;
      if (size > limit) {
        throw new BodyTooLarge(`response exceeds the limit of ${limit} bytes`);
      }
      chunks.push(buf);
      digest?.update(buf);
    }
    signal.throwIfAborted();
    return { chunks, size };
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#agent.destroy();
  }
}

/** Non-fatal decoding: invalid UTF-8 becomes U+FFFD and schema validation decides. */
function decode({ chunks }: { chunks: readonly Uint8Array[] }): string {
  // Chunk by chunk, not from one joined buffer (see readBytes): the same text.
  return [...decodeChunks(chunks)].join('');
}

/**
 * Streaming decode: a UTF-8 sequence split between two chunks is decoded whole, and the
 * pieces joined are exactly what decoding the joined bytes gives.
 */
function* decodeChunks(chunks: readonly Uint8Array[]): Generator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: false });
  for (const chunk of chunks) {
    const piece = decoder.decode(chunk, { stream: true });
    if (piece !== '') yield piece;
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}

/** An answer whose body is decoded when asked for: whole (`text`) or chunk by chunk. */
function decodedAnswer(
  status: number,
  digest: string,
  bytes: { chunks: Buffer[]; size: number },
): HttpAnswer {
  let text: string | undefined;
  return {
    status,
    digest,
    get text() {
      return (text ??= decode(bytes));
    },
    byteChunks: () => bytes.chunks,
    textChunks: () => decodeChunks(bytes.chunks),
  };
}
