// TLS failures through the real core (createCore): a real Alertmanager behind an HTTPS proxy
// with self-signed certificates made by openssl. Untrusted from the start; trusted, then the
// certificate changes (TLS fails after working); back to the trusted certificate.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  amSkipReason,
  postAlerts,
  startAlertmanager,
  waitFor,
  type AmProcess,
} from '../support/alertmanager.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { assertKept, firingNotificationsFor, watchCore, type Watched } from './support/core.ts';
import { baseAlerts } from './support/backend.ts';
import { selfSigned, startTlsFront, type KeyPair, type TlsFront } from './support/tls-front.ts';

const COUNT = 4;

describe('TLS faults through the core', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  let front: TlsFront;
  let certA: KeyPair;
  let certB: KeyPair;
  let dir: string;
  let caFileA: string;

  before(async () => {
    certA = selfSigned('amtray fault A');
    certB = selfSigned('amtray fault B');
    dir = mkdtempSync(join(tmpdir(), 'amtray-faults-ca-'));
    caFileA = join(dir, 'a.pem');
    writeFileSync(caFileA, certA.cert);
    am = await startAlertmanager();
    const now = Date.now();
    await postAlerts(
      am.url,
      baseAlerts(
        COUNT,
        new Date(now - 600_000).toISOString(),
        new Date(now + 3_600_000).toISOString(),
      ),
    );
    front = await startTlsFront(am.url, certA);
  });

  after(async () => {
    await front?.close();
    await am?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  describe('an untrusted self-signed certificate', () => {
    let w: Watched;
    after(() => w?.stop());

    it('is a tls error (unreachable), shows no data, and works once the user opts in', async () => {
      w = watchCore({ instances: [{ url: front.url }], clock: new FakeClock() });
      await w.core.refresh();
      let s = w.core.snapshot();
      const inst = s.instances.i0!;
      assert.equal(inst.health, 'unreachable');
      assert.equal(inst.lastError?.kind, 'tls');
      assert.match(inst.lastError?.message ?? '', /certificate|self.signed/i);
      assert.deepEqual(Object.keys(s.alerts), []);
      assert.equal(s.summary.worst, 'unreachable', 'never all clear while we cannot see');

      // The user opts in to skipping verification for this server.
      const settings = w.core.getSettings();
      settings.instances[0]!.tls = { insecureSkipVerify: true };
      w.core.updateSettings(settings);
      await waitFor(async () => {
        await w.core.refresh();
        s = w.core.snapshot();
        return s.instances.i0?.health === 'ok' && Object.keys(s.alerts).length === COUNT;
      });
      assert.equal(s.instances.i0!.lastError, undefined);
    });
  });

  describe('TLS failing after it worked', () => {
    let w: Watched;
    after(async () => {
      await w?.stop();
      front.useCert(certA);
    });

    it('keeps the data stale while the certificate is wrong and recovers without re-notifying', async () => {
      w = watchCore({
        instances: [{ url: front.url, tls: { caFile: caFileA } }],
        clock: new FakeClock(),
      });
      await waitFor(async () => {
        await w.core.refresh();
        const s = w.core.snapshot();
        return s.instances.i0?.health === 'ok' && Object.keys(s.alerts).length === COUNT;
      });
      const before = w.core.snapshot();
      const fps = Object.keys(before.alerts);
      const firing = firingNotificationsFor(w, fps).length;
      assert.equal(firing, 1, 'the start-up summary');

      front.useCert(certB);
      // The next poll comes later: let the client see its pooled connection closed first
      // (a request racing the close fails as 'network: other side closed' instead).
      await new Promise((r) => setTimeout(r, 300));
      await w.core.refresh();
      let s = w.core.snapshot();
      assert.equal(s.instances.i0!.health, 'unreachable');
      assert.equal(
        s.instances.i0!.lastError?.kind,
        'tls',
        JSON.stringify(s.instances.i0!.lastError),
      );
      assertKept(before, s, true);
      assert.equal(s.clusters[s.instances.i0!.clusterId]?.stale, true);
      assert.equal(w.events.filter((e) => e.type === 'alert-resolved').length, 0);

      front.useCert(certA);
      await new Promise((r) => setTimeout(r, 300));
      await w.core.refresh();
      s = w.core.snapshot();
      assert.equal(s.instances.i0!.health, 'ok');
      assert.equal(s.instances.i0!.lastError, undefined);
      assertKept(before, s, false);
      assert.equal(firingNotificationsFor(w, fps).length, firing, 'no duplicate notification');
    });
  });
});
