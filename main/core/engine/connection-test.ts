// "Test connection" in the settings form: one GET /status with the settings and secrets as
// typed (not yet saved), the version (Mimir's from its buildinfo), cluster status and timing.
import type { InstanceSecrets, TestConnectionResult } from '../service.ts';
import type { InstanceSettings } from '../settings/types.ts';
import { buildClient, reportsVersion, toAlertmanagerError, type InstanceDeps } from './instance.ts';

export async function testConnection(
  instance: InstanceSettings,
  deps: Pick<InstanceDeps, 'secrets' | 'readFile' | 'createClient'>,
  secrets?: InstanceSecrets,
): Promise<TestConnectionResult> {
  const t0 = performance.now();
  let client;
  try {
    client = await buildClient(instance, deps, secrets);
    const st = await client.getStatus();
    let version = st.versionInfo.version;
    if (!reportsVersion(st)) {
      // Mimir answers its version on its buildinfo endpoint; others do not report one.
      const bi = await client.getBuildInfo?.().catch(() => undefined);
      version = bi
        ? `${bi.application ?? 'Mimir'} ${bi.version}`
        : `unknown (${st.versionInfo.version === 'N/A' ? 'Grafana-managed' : 'not reported'})`;
    }
    const result: TestConnectionResult = {
      ok: true,
      version,
      clusterStatus: st.cluster.status,
      peers: st.cluster.peers?.length ?? 0,
      durationMs: Math.round(performance.now() - t0),
    };
    if (st.cluster.name !== undefined) result.clusterName = st.cluster.name;
    return result;
  } catch (e) {
    return {
      ok: false,
      error: toAlertmanagerError(e, 'GET /status').toJSON(),
      durationMs: Math.round(performance.now() - t0),
    };
  } finally {
    await client?.close().catch(() => {});
  }
}
