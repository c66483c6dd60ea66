// Prometheus' ALERTS series over a range: `ALERTS{alertstate="firing"}` through
// /api/v1/query_range (a matrix: one series per alert, a point per step while it fired), and
// the server's external_labels (/api/v1/status/config), which Prometheus adds to the alerts
// it sends to Alertmanager but not to its own ALERTS series. Answers are bounded: the body's
// size (the transport), the number of series, labels per series and their length.
import { parse as parseYaml } from 'yaml';
import type { HttpTransport } from '../../api/http.ts';

export const MAX_SERIES = 5_000;
const MAX_LABELS = 64;
const MAX_LABEL_CHARS = 4_096;
const MAX_CONFIG_CHARS = 1_000_000;

export interface AlertSeries {
  /** The series' labels less `__name__` and `alertstate`. */
  labels: Record<string, string>;
  /** Times (epoch ms) of the points, ascending: one per step while the alert fired. */
  times: number[];
}

export interface SeriesAnswer {
  series: AlertSeries[];
  /** More series were returned than MAX_SERIES; the rest were left out. */
  truncated: boolean;
}

export interface QueryRange {
  fromMs: number;
  toMs: number;
  stepMs: number;
}

function labelsOf(metric: unknown): Record<string, string> | undefined {
  if (typeof metric !== 'object' || metric === null) return undefined;
  const entries = Object.entries(metric as Record<string, unknown>);
  if (entries.length > MAX_LABELS) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of entries) {
    if (typeof v !== 'string' || k.length > MAX_LABEL_CHARS || v.length > MAX_LABEL_CHARS) {
      return undefined;
    }
    if (k === '__name__' || k === 'alertstate') continue;
    out[k] = v;
  }
  return out;
}

function bad(message: string): Error {
  return new Error(`GET /api/v1/query_range: ${message}`);
}

/** The firing alerts' series in the range. Throws the transport's error or a shape error. */
export async function queryFiringAlerts(t: HttpTransport, r: QueryRange): Promise<SeriesAnswer> {
  const query = new URLSearchParams({
    query: 'ALERTS{alertstate="firing"}',
    start: String(r.fromMs / 1000),
    end: String(r.toMs / 1000),
    step: `${r.stepMs / 1000}s`,
  });
  const answer = await t.call({
    method: 'GET',
    path: '/api/v1/query_range',
    root: true,
    endpoint: 'GET /api/v1/query_range',
    query,
  });
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    throw bad('the answer is not JSON');
  }
  const data = (body as { data?: { resultType?: unknown; result?: unknown } } | null)?.data;
  if (data?.resultType !== 'matrix' || !Array.isArray(data.result)) {
    throw bad('the answer is not a matrix');
  }
  const series: AlertSeries[] = [];
  for (const item of data.result as unknown[]) {
    if (series.length >= MAX_SERIES) return { series, truncated: true };
    const { metric, values } = (item ?? {}) as { metric?: unknown; values?: unknown };
    const labels = labelsOf(metric);
    if (!labels || !Array.isArray(values)) continue;
    const times: number[] = [];
    for (const v of values as unknown[]) {
      const at = Array.isArray(v) ? Number(v[0]) : NaN;
      if (Number.isFinite(at)) times.push(Math.round(at * 1000));
    }
    times.sort((a, b) => a - b);
    series.push({ labels, times });
  }
  return { series, truncated: false };
}

/**
 * The server's external_labels; {} when it has none. A server that does not show its
 * configuration (a proxy refusing the path) throws: the caller says so and goes on.
 */
export async function externalLabels(t: HttpTransport): Promise<Record<string, string>> {
  const answer = await t.call({
    method: 'GET',
    path: '/api/v1/status/config',
    root: true,
    endpoint: 'GET /api/v1/status/config',
  });
  const yaml = (JSON.parse(answer.text) as { data?: { yaml?: unknown } } | null)?.data?.yaml;
  if (typeof yaml !== 'string') throw new Error('GET /api/v1/status/config: no configuration');
  // A configuration is a few kB; a huge one is not parsed (its external labels stay unknown).
  if (yaml.length > MAX_CONFIG_CHARS) throw new Error('GET /api/v1/status/config: too large');
  const config = parseYaml(yaml, { maxAliasCount: 10 }) as {
    global?: { external_labels?: unknown };
  } | null;
  return labelsOf(config?.global?.external_labels ?? {}) ?? {};
}
