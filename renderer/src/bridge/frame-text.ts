// The text of one frame from the browser shell's server: a string, or UTF-8 in a binary frame
// (large answers with non-ASCII characters: main/server/frames.ts says why). The page's sockets
// set binaryType 'arraybuffer'; Node's `ws` gives a Buffer, which is a Uint8Array.
const decoder = new TextDecoder();

export function frameText(data: unknown): string | undefined {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return decoder.decode(new Uint8Array(data));
  if (ArrayBuffer.isView(data))
    return decoder.decode(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  return undefined;
}
