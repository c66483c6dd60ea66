// The single entry both transports call with untrusted input: a channel name and an
// argument list straight off IPC or a WebSocket frame. Unknown channels and malformed
// arguments never reach a handler; every outcome is a BridgeResult (never a throw), so
// the transport can always answer.
import type { BridgeResult, Handlers, RequestChannel, Requests } from './contract.ts';
import { isRequestChannel } from './contract.ts';
import { toBridgeError } from './errors.ts';
import { validateArgs } from './validate.ts';

export async function dispatch(
  handlers: Handlers,
  channel: unknown,
  args: unknown,
): Promise<BridgeResult<unknown>> {
  if (!isRequestChannel(channel)) {
    return {
      ok: false,
      error: { kind: 'invalid-argument', message: `unknown channel ${describe(channel)}` },
    };
  }
  if (!Array.isArray(args)) {
    return {
      ok: false,
      error: { kind: 'invalid-argument', message: `${channel}: arguments must be an array` },
    };
  }
  const validated = validateArgs(channel, args);
  if (!validated.ok) {
    const { message, fields } = validated;
    return { ok: false, error: { kind: 'invalid-argument', message, fields } };
  }
  try {
    const value = await call(handlers, channel, validated.args);
    return { ok: true, value };
  } catch (err) {
    return { ok: false, error: toBridgeError(err) };
  }
}

function call<K extends RequestChannel>(
  handlers: Handlers,
  channel: K,
  args: Requests[K]['args'],
): Promise<Requests[K]['result']> {
  const handler = handlers[channel] as (
    ...a: Requests[K]['args']
  ) => Promise<Requests[K]['result']>;
  return handler(...args);
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 100));
  return `of type ${value === null ? 'null' : typeof value}`;
}
