// Where an alert's Prometheus answers queries: its generatorURL is the rule's expression in
// Prometheus' graph page (`http://prom:9090/graph?g0.expr=…`, under any route prefix). Other
// generators (Grafana's `/alerting/…/view`, an empty or odd URL) name no Prometheus.
const MAX_URL = 2048;

/** The Prometheus base URL (with its route prefix, no trailing slash) or undefined. */
export function prometheusBaseOf(generatorURL: string | undefined): string | undefined {
  if (!generatorURL || generatorURL.length > MAX_URL) return undefined;
  let url: URL;
  try {
    url = new URL(generatorURL);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password) return undefined;
  const path = url.pathname.replace(/\/+$/, '');
  if (!path.endsWith('/graph')) return undefined;
  return `${url.origin}${path.slice(0, -'/graph'.length)}`;
}
