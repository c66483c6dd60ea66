// How the browser shell's server puts one answer on the wire. Chromium turns a text frame into
// a page string on the page's main thread, and for UTF-8 that is not ASCII it does so slowly:
// a 1.2 MB answer holding CJK or emoji (an alert's 1 MB annotation, a snapshot of labels in
// Japanese) cost the page a 60-170 ms task before any of our code ran, where the same bytes as
// a binary frame cost nothing there and ~15 ms in our own handler (TextDecoder then JSON.parse).
// So a large answer with any non-ASCII character goes as binary UTF-8; the rest stay text,
// readable in the developer tools. The client decodes both (renderer/src/bridge/frame-text.ts).

/** Answers at least this long (characters of JSON) with non-ASCII in them go as binary. */
export const BINARY_FROM_CHARS = 16 * 1024;

export function encodeFrame(text: string): string | Buffer {
  if (text.length < BINARY_FROM_CHARS) return text;
  const bytes = Buffer.from(text, 'utf8');
  // As many bytes as characters: all ASCII, which Chromium takes quickly as text.
  return bytes.length === text.length ? text : bytes;
}
