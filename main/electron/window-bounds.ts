// Remembered window size and position (settings.ui.window), restored only when it still fits
// on a connected display: a monitor unplugged since must not leave the window off-screen.
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const DEFAULT_SIZE = { width: 960, height: 680 };
export const MIN_SIZE = { width: 480, height: 360 };

function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** Saved bounds if at least a quarter of them (and 100x50 px) is on some work area. */
export function restoreBounds(saved: Rect | undefined, workAreas: Rect[]): Rect | undefined {
  if (!saved) return undefined;
  const width = Math.max(MIN_SIZE.width, Math.round(saved.width));
  const height = Math.max(MIN_SIZE.height, Math.round(saved.height));
  const rect = { x: Math.round(saved.x), y: Math.round(saved.y), width, height };
  const visible = workAreas.some((area) => {
    const o = overlap(rect, area);
    return o >= (width * height) / 4 && o >= 100 * 50;
  });
  return visible ? rect : undefined;
}

export function sameBounds(a: Rect | undefined, b: Rect | undefined): boolean {
  return !!a && !!b && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}
