// Generates every icon in assets/ (run: npx tsx main/tools/make-icons.ts; the output is
// committed). Tray states differ by shape AND colour so they read at 16 px and for colour-blind
// users: ok = green disc, warning = amber triangle, critical = red diamond, unreachable = grey
// ring with a cross, paused = slate disc with two bars, pipeline-silent = purple square with a
// flat line (the heartbeat of the alerting pipeline stopped). Variants: `-light` (for light panels,
// dark rim), `-dark` (for dark panels, light rim), macOS `*Template` (black + alpha, the
// system tints it), each at 16 px and @2x. App icon: 16…512 px PNGs and a multi-size .ico.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeIco, encodePng } from './png.ts';

type Rgba = [number, number, number, number];
/** Inside test in unit coordinates (0..1 across the icon). */
type Shape = (u: number, v: number) => boolean;
interface Layer {
  shape: Shape;
  color: Rgba;
}

const circle =
  (cx: number, cy: number, r: number): Shape =>
  (u, v) =>
    (u - cx) ** 2 + (v - cy) ** 2 <= r * r;

const ring =
  (cx: number, cy: number, r: number, width: number): Shape =>
  (u, v) => {
    const d = Math.hypot(u - cx, v - cy);
    return d <= r && d >= r - width;
  };

function polygon(points: [number, number][]): Shape {
  return (u, v) => {
    let inside = false;
    for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
      const [xi, yi] = points[i] as [number, number];
      const [xj, yj] = points[j] as [number, number];
      if (yi > v !== yj > v && u < ((xj - xi) * (v - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  };
}

const rect =
  (x0: number, y0: number, x1: number, y1: number): Shape =>
  (u, v) =>
    u >= x0 && u <= x1 && v >= y0 && v <= y1;

function segment(x0: number, y0: number, x1: number, y1: number, width: number): Shape {
  return (u, v) => {
    const dx = x1 - x0;
    const dy = y1 - y0;
    const t = Math.max(0, Math.min(1, ((u - x0) * dx + (v - y0) * dy) / (dx * dx + dy * dy)));
    return Math.hypot(u - (x0 + t * dx), v - (y0 + t * dy)) <= width / 2;
  };
}

function roundedRect(x0: number, y0: number, x1: number, y1: number, r: number): Shape {
  return (u, v) => {
    const cx = Math.max(x0 + r, Math.min(x1 - r, u));
    const cy = Math.max(y0 + r, Math.min(y1 - r, v));
    return (u - cx) ** 2 + (v - cy) ** 2 <= r * r && u >= x0 && u <= x1 && v >= y0 && v <= y1;
  };
}

const minus =
  (a: Shape, b: Shape): Shape =>
  (u, v) =>
    a(u, v) && !b(u, v);
const union =
  (...shapes: Shape[]): Shape =>
  (u, v) =>
    shapes.some((s) => s(u, v));

/** Grows a shape by `d` (for rims): sampled on a small ring of offsets. */
function grow(shape: Shape, d: number): Shape {
  const offsets: [number, number][] = [[0, 0]];
  for (let k = 0; k < 12; k++) {
    const a = (k / 12) * 2 * Math.PI;
    offsets.push([Math.cos(a) * d, Math.sin(a) * d]);
  }
  return (u, v) => offsets.some(([dx, dy]) => shape(u + dx, v + dy));
}

/** Renders layers (painter's order) with 4x4 supersampling. */
export function render(size: number, layers: Layer[]): Uint8Array {
  const out = new Uint8Array(size * size * 4);
  const ss = 4;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const u = (x + (sx + 0.5) / ss) / size;
          const v = (y + (sy + 0.5) / ss) / size;
          // Composite this sample: "over" of each layer in order.
          let pr = 0;
          let pg = 0;
          let pb = 0;
          let pa = 0;
          for (const layer of layers) {
            if (!layer.shape(u, v)) continue;
            const [lr, lg, lb, la] = layer.color;
            const alpha = la / 255;
            pr = lr * alpha + pr * (1 - alpha);
            pg = lg * alpha + pg * (1 - alpha);
            pb = lb * alpha + pb * (1 - alpha);
            pa = alpha + pa * (1 - alpha);
          }
          r += pr;
          g += pg;
          b += pb;
          a += pa;
        }
      }
      const n = ss * ss;
      const i = (y * size + x) * 4;
      // Accumulated colours are premultiplied; store straight alpha.
      out[i + 3] = Math.round((a / n) * 255);
      out[i] = a > 0 ? Math.round(r / a) : 0;
      out[i + 1] = a > 0 ? Math.round(g / a) : 0;
      out[i + 2] = a > 0 ? Math.round(b / a) : 0;
    }
  }
  return out;
}

const BASE_STATES = [
  'ok',
  'warning',
  'critical',
  'unreachable',
  'paused',
  'pipeline-silent',
] as const;
type BaseState = (typeof BASE_STATES)[number];
/** States that can carry the "no data" badge (missing data is a second signal). */
const BADGED = ['critical', 'warning', 'paused', 'pipeline-silent'] as const;
export const TRAY_STATES = [...BASE_STATES, ...BADGED.map((s) => `${s}-nodata` as const)] as const;
export type TrayState = (typeof TRAY_STATES)[number];

const COLORS: Record<BaseState, Rgba> = {
  ok: [46, 158, 68, 255],
  warning: [240, 160, 32, 255],
  critical: [217, 48, 37, 255],
  unreachable: [138, 138, 138, 255],
  paused: [96, 112, 136, 255],
  'pipeline-silent': [142, 68, 173, 255],
};

/** Where the "no data" badge sits: a small crossed ring in the lower right corner. */
const BADGE_AREA = circle(0.78, 0.78, 0.27);
const BADGE_DISC = circle(0.78, 0.78, 0.21);
const BADGE_CROSS = union(
  segment(0.7, 0.7, 0.86, 0.86, 0.075),
  segment(0.86, 0.7, 0.7, 0.86, 0.075),
);
const BADGE = union(ring(0.78, 0.78, 0.21, 0.08), BADGE_CROSS);

function baseOf(state: TrayState): { base: BaseState; badge: boolean } {
  return state.endsWith('-nodata')
    ? { base: state.slice(0, -'-nodata'.length) as BaseState, badge: true }
    : { base: state as BaseState, badge: false };
}

export function trayShape(state: BaseState): Shape {
  switch (state) {
    case 'ok':
      return circle(0.5, 0.5, 0.4);
    case 'warning':
      return minus(
        polygon([
          [0.5, 0.08],
          [0.94, 0.88],
          [0.06, 0.88],
        ]),
        union(rect(0.45, 0.36, 0.55, 0.64), rect(0.45, 0.71, 0.55, 0.8)),
      );
    case 'critical':
      return minus(
        polygon([
          [0.5, 0.04],
          [0.96, 0.5],
          [0.5, 0.96],
          [0.04, 0.5],
        ]),
        union(rect(0.45, 0.26, 0.55, 0.58), rect(0.45, 0.66, 0.55, 0.76)),
      );
    case 'unreachable':
      return union(
        ring(0.5, 0.5, 0.42, 0.12),
        segment(0.28, 0.28, 0.72, 0.72, 0.12),
        segment(0.72, 0.28, 0.28, 0.72, 0.12),
      );
    case 'paused':
      return minus(
        circle(0.5, 0.5, 0.42),
        union(rect(0.33, 0.3, 0.45, 0.7), rect(0.55, 0.3, 0.67, 0.7)),
      );
    case 'pipeline-silent':
      // A monitor trace: one beat, then flat.
      return minus(
        roundedRect(0.08, 0.08, 0.92, 0.92, 0.16),
        union(
          segment(0.16, 0.56, 0.3, 0.56, 0.1),
          segment(0.3, 0.56, 0.38, 0.28, 0.1),
          segment(0.38, 0.28, 0.46, 0.56, 0.1),
          segment(0.46, 0.56, 0.84, 0.56, 0.1),
        ),
      );
  }
}

export type Variant = 'light' | 'dark' | 'template';

export function trayIcon(state: TrayState, variant: Variant, size: number): Uint8Array {
  const { base, badge } = baseOf(state);
  // With the badge, the glyph gives way around it so both read at 16 px.
  const shape = badge ? minus(trayShape(base), BADGE_AREA) : trayShape(base);
  if (variant === 'template') {
    return render(size, [{ shape: badge ? union(shape, BADGE) : shape, color: [0, 0, 0, 255] }]);
  }
  // A rim of the panel's opposite tone keeps the glyph readable on any panel colour.
  const rim: Rgba = variant === 'light' ? [30, 30, 30, 140] : [255, 255, 255, 170];
  const layers: Layer[] = [
    { shape: grow(shape, 1.2 / size), color: rim },
    { shape, color: COLORS[base] },
  ];
  if (badge) {
    layers.push({ shape: grow(BADGE_DISC, 1.2 / size), color: rim });
    layers.push({ shape: BADGE_DISC, color: COLORS.unreachable });
    layers.push({ shape: BADGE_CROSS, color: [255, 255, 255, 255] });
  }
  return render(size, layers);
}

export function appIcon(size: number): Uint8Array {
  return render(size, [
    { shape: roundedRect(0.04, 0.04, 0.96, 0.96, 0.2), color: [28, 48, 74, 255] },
    // A bell: body, rim and clapper.
    {
      shape: union(
        polygon([
          [0.3, 0.66],
          [0.34, 0.4],
          [0.42, 0.28],
          [0.58, 0.28],
          [0.66, 0.4],
          [0.7, 0.66],
        ]),
        circle(0.5, 0.3, 0.1),
        roundedRect(0.24, 0.64, 0.76, 0.72, 0.04),
        circle(0.5, 0.78, 0.06),
      ),
      color: [240, 244, 248, 255],
    },
    { shape: circle(0.73, 0.3, 0.12), color: [217, 48, 37, 255] },
  ]);
}

export interface IconFile {
  path: string;
  data: Buffer;
}

/** Every generated file, relative to assets/. */
export function allIcons(): IconFile[] {
  const files: IconFile[] = [];
  for (const state of TRAY_STATES) {
    for (const [variant, name] of [
      ['light', `${state}-light`],
      ['dark', `${state}-dark`],
      ['template', `${state}Template`],
    ] as const) {
      files.push({
        path: `tray/${name}.png`,
        data: encodePng(16, 16, trayIcon(state, variant, 16)),
      });
      files.push({
        path: `tray/${name}@2x.png`,
        data: encodePng(32, 32, trayIcon(state, variant, 32)),
      });
    }
  }
  const appSizes = [16, 32, 48, 64, 128, 256, 512];
  const pngs = new Map(appSizes.map((s) => [s, encodePng(s, s, appIcon(s))]));
  for (const [size, png] of pngs) files.push({ path: `icons/${size}x${size}.png`, data: png });
  files.push({ path: 'icon.png', data: pngs.get(512) as Buffer });
  files.push({
    path: 'icon.ico',
    data: encodeIco([16, 32, 48, 256].map((size) => ({ size, png: pngs.get(size) as Buffer }))),
  });
  return files;
}

async function main(): Promise<void> {
  const assets = fileURLToPath(new URL('../../assets/', import.meta.url));
  for (const file of allIcons()) {
    const full = join(assets, file.path);
    await mkdir(join(full, '..'), { recursive: true });
    await writeFile(full, file.data);
  }
  console.log(`wrote ${allIcons().length} files under ${assets}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main();
}
