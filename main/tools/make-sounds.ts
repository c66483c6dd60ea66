// Generates the app's two sounds (run: npx tsx main/tools/make-sounds.ts; the output is
// committed to renderer/public/sounds/, which the build copies next to the page). 16-bit mono
// PCM WAV at 22 050 Hz: every Chromium decodes it, and at under a second each is ~40 KB.
// - warning: a soft two-tone chime (a falling major third, bell-like decay): "look when you can";
// - critical: three short, brighter pulses on a rising step: "now". Distinct by rhythm as well
//   as pitch, so they are told apart without looking and by people who hear pitch poorly.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RATE = 22_050;

/** One note: start and length in seconds, frequency, peak (0..1), overtone mix. */
interface Note {
  at: number;
  len: number;
  hz: number;
  peak: number;
  /** Amplitude of the 2nd and 3rd partials relative to the fundamental. */
  partials: [number, number];
  /** Exponential decay per second (bell) after a 5 ms attack. */
  decay: number;
}

function render(notes: readonly Note[], seconds: number): Float32Array {
  const out = new Float32Array(Math.round(seconds * RATE));
  for (const n of notes) {
    const start = Math.round(n.at * RATE);
    const len = Math.round(n.len * RATE);
    for (let i = 0; i < len && start + i < out.length; i++) {
      const t = i / RATE;
      const attack = Math.min(1, t / 0.005);
      // A 15 ms release at the end: no click when the note stops.
      const release = Math.min(1, (n.len - t) / 0.015);
      const env = n.peak * attack * Math.max(0, release) * Math.exp(-n.decay * t);
      const w = 2 * Math.PI * n.hz * t;
      const [p2, p3] = n.partials;
      const v = (Math.sin(w) + p2 * Math.sin(2 * w) + p3 * Math.sin(3 * w)) / (1 + p2 + p3);
      out[start + i] = (out[start + i] ?? 0) + env * v;
    }
  }
  return out;
}

function wav(samples: Float32Array): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) =>
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32767), i * 2),
  );
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVE', 8);
  h.write('fmt ', 12);
  h.writeUInt32LE(16, 16); // fmt chunk size
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(1, 22); // mono
  h.writeUInt32LE(RATE, 24);
  h.writeUInt32LE(RATE * 2, 28); // bytes per second
  h.writeUInt16LE(2, 32); // block align
  h.writeUInt16LE(16, 34); // bits per sample
  h.write('data', 36);
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

const bell = { partials: [0.35, 0.12] as [number, number], decay: 4 };
const warning = render(
  [
    { at: 0, len: 0.45, hz: 659.25, peak: 0.55, ...bell }, // E5
    { at: 0.28, len: 0.6, hz: 523.25, peak: 0.55, ...bell }, // C5
  ],
  0.9,
);

const pulse = { len: 0.13, peak: 0.6, partials: [0.5, 0.3] as [number, number], decay: 6 };
const critical = render(
  [
    { at: 0, hz: 880, ...pulse }, // A5
    { at: 0.2, hz: 880, ...pulse },
    { at: 0.4, hz: 1174.66, ...pulse, len: 0.22 }, // D6, a little longer: the end of the call
  ],
  0.7,
);

const dir = fileURLToPath(new URL('../../renderer/public/sounds/', import.meta.url));
await mkdir(dir, { recursive: true });
await writeFile(join(dir, 'warning.wav'), wav(warning));
await writeFile(join(dir, 'critical.wav'), wav(critical));
console.log(`wrote ${dir}warning.wav and critical.wav`);
