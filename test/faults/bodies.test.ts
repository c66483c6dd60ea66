// Bad response bodies through the real core (createCore) in front of a real Alertmanager: a
// body that never ends (timeout), a 1 GB body (refused at the size limit with bounded memory)
// and invalid UTF-8 (decoded with U+FFFD where it is only text; refused where it breaks the
// structure). Each ends with the server healthy again and no duplicate notification.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { amSkipReason, makeAlert, postAlerts, waitFor } from '../support/alertmanager.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { DEFAULT_MAX_BODY_BYTES } from '../../main/core/api/connection.ts';
import type { ViewSnapshot } from '../../main/core/model/view.ts';
import { assertKept, firingNotificationsFor, watchCore, type Watched } from './support/core.ts';
import { startBackend, type Backend } from './support/backend.ts';
import { spliceBytes } from './support/forward.ts';

const GROUPS = '/api/v2/alerts/groups';
const MiB = 2 ** 20;

describe('bad bodies through the core', { skip: amSkipReason() }, () => {
  let backend: Backend;
  let w: Watched;
  const clock = new FakeClock();

  before(async () => {
    backend = await startBackend();
    // timeoutSec 4: the client's own (real-time) timeout ends a never-ending body quickly,
    // with room for normal polls on a loaded machine.
    w = watchCore({ instances: [{ url: backend.hostile.url, timeoutSec: 4 }], clock });
    await waitFor(async () => {
      await w.core.refresh();
      const s = w.core.snapshot();
      return (
        s.instances.i0?.health === 'ok' && Object.keys(s.alerts).length === backend.base.length
      );
    });
    assert.equal(firingNotificationsFor(w, Object.keys(w.core.snapshot().alerts)).length, 1);
  });

  after(async () => {
    await w?.stop();
    await backend?.close();
  });

  /** Polls until a poll succeeded (one normally; more if the loaded machine timed one out). */
  async function refreshUntilOk(): Promise<void> {
    await waitFor(
      async () => {
        await w.core.refresh();
        return w.core.snapshot().instances.i0?.health === 'ok';
      },
      { message: 'no successful poll' },
    );
  }

  /** Back to the real server: ok, same data, not stale, nothing notified again. */
  async function recover(before: ViewSnapshot, firingBefore: number): Promise<void> {
    const fps = Object.keys(before.alerts);
    backend.restore();
    await refreshUntilOk();
    const s = w.core.snapshot();
    assert.equal(s.instances.i0!.health, 'ok');
    assert.equal(s.instances.i0!.lastError, undefined);
    for (const fp of fps) assert.equal(s.alerts[fp]?.stale, false, `alert ${fp} fresh again`);
    assert.equal(firingNotificationsFor(w, fps).length, firingBefore, 'no duplicate notification');
    assert.equal(w.events.filter((e) => e.type === 'alert-resolved').length, 0, 'nothing resolved');
  }

  it('times out a body that never ends: unreachable (timeout), data kept stale, stream closed', async () => {
    const before = w.core.snapshot();
    const firing = firingNotificationsFor(w, Object.keys(before.alerts)).length;
    backend.hostile.setRoute(GROUPS, { kind: 'drip', intervalMs: 50, prefix: '[{"labels":' });
    const t0 = Date.now();
    await w.core.refresh();
    const took = Date.now() - t0;
    const s = w.core.snapshot();
    const inst = s.instances.i0!;
    assert.equal(inst.health, 'unreachable');
    assert.equal(inst.lastError?.kind, 'timeout');
    assert.equal(inst.lastError?.endpoint, 'GET /alerts/groups');
    assert.ok(took < 30_000, `gave up after ${took} ms`);
    assertKept(before, s, true);
    // The client hung up: the server's dripping stream is closed, not leaked.
    await waitFor(() => backend.hostile.openStreams === 0, { message: 'drip stream still open' });
    await recover(before, firing);
  });

  it('refuses a 1 GB body at the size limit with bounded memory', async (t) => {
    const before = w.core.snapshot();
    const firing = firingNotificationsFor(w, Object.keys(before.alerts)).length;
    backend.hostile.setRoute(GROUPS, { kind: 'huge', bytes: 1024 * MiB });
    const streamed0 = backend.hostile.bytesStreamed;
    const rss0 = process.memoryUsage().rss;
    let peak = rss0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    try {
      await w.core.refresh();
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    const s = w.core.snapshot();
    const inst = s.instances.i0!;
    assert.equal(inst.health, 'unreachable');
    assert.equal(inst.lastError?.kind, 'too-large');
    assertKept(before, s, true);
    const streamed = backend.hostile.bytesStreamed - streamed0;
    assert.ok(
      streamed < 4 * DEFAULT_MAX_BODY_BYTES,
      `stopped reading near the limit: the server wrote ${Math.round(streamed / MiB)} MiB`,
    );
    const growth = peak - rss0;
    t.diagnostic(
      `server wrote ${Math.round(streamed / MiB)} MiB of 1024; rss peak +${Math.round(growth / MiB)} MiB`,
    );
    assert.ok(growth < 512 * MiB, `rss grew ${Math.round(growth / MiB)} MiB reading a 1 GB body`);
    await waitFor(() => backend.hostile.openStreams === 0, { message: 'huge stream still open' });
    await recover(before, firing);
  });

  it('shows text with invalid UTF-8 as U+FFFD and keeps polling', async () => {
    // A new alert whose annotation a broken proxy corrupts on its first sight.
    await postAlerts(backend.am.url, [
      makeAlert(
        { alertname: 'Utf8Probe', severity: 'info' },
        { annotations: { summary: 'utf8-probe' } },
      ),
    ]);
    backend.hostile.setRoute(
      GROUPS,
      spliceBytes(
        backend.am.url,
        'utf8-probe',
        Uint8Array.from([0x62, 0x61, 0x64, 0xff, 0xfe, 0xc3]),
      ),
    );
    await waitFor(async () => {
      await w.core.refresh();
      return Object.values(w.core.snapshot().alerts).some(
        (a) => a.labels.alertname === 'Utf8Probe',
      );
    });
    const s = w.core.snapshot();
    assert.equal(s.instances.i0!.health, 'ok');
    const probe = Object.values(s.alerts).find((a) => a.labels.alertname === 'Utf8Probe')!;
    assert.ok(
      probe.annotations.summary?.startsWith('bad\uFFFD'),
      JSON.stringify(probe.annotations.summary),
    );
    assert.ok(!probe.annotations.summary?.includes('utf8-probe'));
    // Back through the real server: polls fine, the alert stays and is not notified again.
    backend.restore();
    await refreshUntilOk();
    assert.ok(w.core.snapshot().alerts[probe.fingerprint], 'still shown');
    assert.equal(firingNotificationsFor(w, [probe.fingerprint]).length, 1, 'notified once');
  });

  it('refuses invalid UTF-8 that breaks the structure (a field name): invalid-response, data kept', async () => {
    const before = w.core.snapshot();
    const firing = firingNotificationsFor(w, Object.keys(before.alerts)).length;
    // `"status"` -> `"st\xffatus"`: every alert loses its required status field.
    backend.hostile.setRoute(
      GROUPS,
      spliceBytes(
        backend.am.url,
        '"status"',
        Uint8Array.from([0x22, 0x73, 0x74, 0xff, 0x61, 0x74, 0x75, 0x73, 0x22]),
      ),
    );
    await w.core.refresh();
    const s = w.core.snapshot();
    const inst = s.instances.i0!;
    assert.equal(inst.health, 'unreachable');
    assert.equal(inst.lastError?.kind, 'invalid-response');
    assert.match(inst.lastError?.field ?? '', /status/);
    assertKept(before, s, true);
    await recover(before, firing);
  });
});
