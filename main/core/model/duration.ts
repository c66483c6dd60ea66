// Compact durations for a dense UI and menus ("12m", "3h 4m", "2d 5h"), one rule everywhere,
// and the silence duration presets the window offers (exact: end = start + ms).

export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 ? `${h}h ${m % 60}m` : `${h}h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d}d ${h % 24}h` : `${d}d`;
}

export interface DurationPreset {
  label: string;
  ms: number;
}

const MIN = 60_000;
export const DURATION_PRESETS: readonly DurationPreset[] = [
  { label: '15m', ms: 15 * MIN },
  { label: '1h', ms: 60 * MIN },
  { label: '4h', ms: 240 * MIN },
  { label: '1d', ms: 1440 * MIN },
];

// Durations as Prometheus and Alertmanager write them (amtool --duration, the web UI):
// prometheus/common model.ParseDuration. Units y w d h m s ms, each at most once, in that
// order; "0" alone is zero; no spaces, signs or fractions. A year is 365 days.
const DURATION_RE =
  /^(?:(\d+)y)?(?:(\d+)w)?(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?(?:(\d+)ms)?$/;
const UNIT_MS = [365 * 86_400_000, 7 * 86_400_000, 86_400_000, 3_600_000, 60_000, 1000, 1];

/**
 * A duration written as Alertmanager reads it (`1h`, `1d4h30m`, `1m30s500ms`), exact: what a
 * field shows is what parseDuration gives back, so the duration seen is the one sent.
 */
export function writeDuration(ms: number): string {
  if (!Number.isSafeInteger(ms) || ms <= 0) return '0';
  const units: [string, number][] = [
    ['d', 86_400_000],
    ['h', 3_600_000],
    ['m', 60_000],
    ['s', 1000],
    ['ms', 1],
  ];
  let rest = ms;
  let out = '';
  for (const [unit, size] of units) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0) out += `${n}${unit}`;
  }
  return out;
}

/** Milliseconds of a duration like `2h`, `1d4h`, `90m`; null when it is not one. */
export function parseDuration(text: string): number | null {
  const s = text.trim();
  if (s === '0') return 0;
  if (s === '' || s.length > 64) return null;
  const m = DURATION_RE.exec(s);
  if (!m) return null;
  let ms = 0;
  for (let i = 0; i < UNIT_MS.length; i++) {
    const n = m[i + 1];
    if (n !== undefined) ms += Number(n) * UNIT_MS[i]!;
  }
  return Number.isSafeInteger(ms) ? ms : null;
}
