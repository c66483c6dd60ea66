// A WebSocket stand-in for the bridge client's Node tests (renderer/src/bridge/ws-client.ts):
// records what is sent, and `emit` plays the server's side (open, message, close).
import type { WebSocketLike } from '../../../renderer/src/bridge/ws-client.ts';

type Listener = (e: { data: unknown }) => void;

export class FakeSocket implements WebSocketLike {
  readyState = 0;
  sent: string[] = [];
  #listeners = new Map<string, Listener[]>();
  send(data: string): void {
    this.sent.push(data);
  }
  close(): void {
    this.emit('close');
  }
  addEventListener(type: string, listener: Listener): void {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener]);
  }
  removeEventListener(type: string, listener: Listener): void {
    this.#listeners.set(
      type,
      (this.#listeners.get(type) ?? []).filter((l) => l !== listener),
    );
  }
  emit(type: string, data?: unknown): void {
    if (type === 'open') this.readyState = 1;
    if (type === 'close') this.readyState = 3;
    for (const l of this.#listeners.get(type) ?? []) l({ data });
  }
}
