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
