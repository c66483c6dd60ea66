// Acknowledge until resolved, against a real Alertmanager with the core on a fake clock: an
// ack is a short silence its install extends while the alert fires, expires within one cycle
// once the alert resolved, never extends past the maximum, and is picked up again after a
// restart (its ack ledger file); another install sees it as someone else's ack and never
// touches it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Core } from '../../../main/core/service.ts';
import { defaultInstance, defaultSettings } from '../../../main/core/settings/defaults.ts';
import type { Settings } from '../../../main/core/settings/types.ts';
import { ACK_PREFIX } from '../../../main/core/silences/ack.ts';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startAlertmanager,
  type AmProcess,
} from '../../support/alertmanager.ts';
import { waitFor } from '../../support/wait.ts';
import { AckCores, alertOf } from './ack-cores.ts';

const MIN = 60_000;

describe('acknowledgements on a real server', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  let settings: Settings;
  const installs = new AckCores(() => settings);
  const { clock } = installs;
  const open = (install: string, author: string) => installs.open(install, author);
  const until = (list: Core[], ok: () => boolean, what: string) => installs.until(list, ok, what);

  const ackOf = (core: Core) =>
    Object.values(core.snapshot().silences).filter((s) => s.ack && s.state === 'active');

  before(async () => {
    am = await startAlertmanager();
    settings = defaultSettings();
    settings.instances = [defaultInstance({ id: 'am1', name: 'am1', url: am.url })];
    settings.silences.ackMaxHours = 1;
  });
  after(async () => {
    await installs.close();
    await am?.stop();
  });

  it('extends while firing; another install leaves it alone; a restart picks it up; it expires within one cycle of resolving', async () => {
    let a = open('ownera', 'alice');
    const b = open('ownerb', 'bob');
    await postAlerts(am.url, [makeAlert({ alertname: 'AckDisk', severity: 'critical' })]);
    await until([a, b], () => !!alertOf(a, 'AckDisk') && !!alertOf(b, 'AckDisk'), 'alert seen');

    const [res] = await a.silences.acknowledge({ fingerprint: alertOf(a, 'AckDisk')!.fingerprint });
    await until([a, b], () => alertOf(b, 'AckDisk')?.state === 'suppressed', 'acked');
    const mine = a.snapshot().silences[res!.silenceKey]!;
    assert.ok(mine.comment.startsWith(ACK_PREFIX), mine.comment);
    assert.deepEqual(mine.ack, { by: 'alice', mine: true });
    assert.deepEqual(b.snapshot().silences[res!.silenceKey]?.ack, { by: 'alice', mine: false });
    const firstEnd = Date.parse(mine.endsAt);
    assert.ok(Math.abs(firstEnd - (Date.parse(mine.startsAt) + 15 * MIN)) < 5_000, 'short: 15 min');

    // Ten minutes on, still firing: the owner has extended it (to 15 min from when it saw
    // less than half left: the poll timers that fire during the 10 minutes run cycles at
    // their own moments, so when exactly depends on them).
    await clock.advance(10 * MIN);
    await a.refresh();
    await waitFor(() => Date.parse(a.snapshot().silences[res!.silenceKey]!.endsAt) > firstEnd, {
      message: 'extended by its owner',
    });
    assert.ok(
      Date.parse(a.snapshot().silences[res!.silenceKey]!.endsAt) <= clock.now() + 15 * MIN,
      'by at most its duration from now',
    );

    // The owner stops (laptop closed). What the server holds then (an extension may have been
    // on its way) is never extended by the other install.
    await a.stop();
    await b.refresh();
    await new Promise((r) => setTimeout(r, 300));
    await b.refresh();
    const extendedEnd = Date.parse(b.snapshot().silences[res!.silenceKey]!.endsAt);
    assert.ok(extendedEnd > firstEnd);
    await clock.advance(10 * MIN);
    await b.refresh();
    await new Promise((r) => setTimeout(r, 300));
    await b.refresh();
    const seenByB = b.snapshot().silences[res!.silenceKey]!;
    assert.equal(Date.parse(seenByB.endsAt), extendedEnd, 'not extended by someone else');
    assert.equal(ackOf(b).length, 1);

    // The owner comes back (a new core, same install): it finds its ack and tends it again.
    a = open('ownera', 'alice');
    await until([a], () => ackOf(a)[0]?.ack?.mine === true, 'own ack found after restart');
    await waitFor(
      () => Date.parse(a.snapshot().silences[res!.silenceKey]?.endsAt ?? '0') > extendedEnd,
      { message: 'extended after the restart' },
    );

    // The alert resolves: the next cycle expires the ack.
    await postAlerts(am.url, [
      makeAlert(
        { alertname: 'AckDisk', severity: 'critical' },
        { endsAt: new Date(Date.now() - 1000).toISOString() },
      ),
    ]);
    await waitFor(
      async () => {
        await a.refresh();
        return alertOf(a, 'AckDisk') === undefined;
      },
      { message: 'resolved' },
    );
    // No further poll: the cycle that saw it resolve expired the ack.
    await waitFor(() => a.snapshot().silences[res!.silenceKey]?.state === 'expired', {
      timeoutMs: 5_000,
      message: 'ack expired within the cycle that saw the alert resolve',
    });
  });

  it('is never extended past its maximum', async () => {
    const a = open('ownerc', 'carol');
    await postAlerts(am.url, [makeAlert({ alertname: 'AckMax', severity: 'warning' })]);
    await until([a], () => !!alertOf(a, 'AckMax'), 'alert seen');
    const group = Object.values(a.snapshot().groups).find((g) => g.labels.alertname === 'AckMax')!;
    const [res] = await a.silences.acknowledge({ groupKey: group.key }, 'looking into it');
    await until(
      [a],
      () => alertOf(a, 'AckMax')?.state === 'suppressed',
      `acked: ${JSON.stringify(a.snapshot().silences[res!.silenceKey])} ${JSON.stringify(alertOf(a, 'AckMax'))}`,
    );
    const start = Date.parse(a.snapshot().silences[res!.silenceKey]!.startsAt);
    assert.match(a.snapshot().silences[res!.silenceKey]!.comment, /^ACK! looking into it/);
    let extensions = 0;
    let last = Date.parse(a.snapshot().silences[res!.silenceKey]!.endsAt);
    // The server starts an ack at its own now (ours runs ahead of it in this file), so the
    // 1 h cap is less than 1 h of our clock away; each extension adds at most 15 min.
    const needed = Math.ceil((start + 60 * MIN - last) / (15 * MIN));
    const endOf = () => Date.parse(a.snapshot().silences[res!.silenceKey]!.endsAt);
    for (let t = 0; t < 80; t += 7) {
      await clock.advance(7 * MIN);
      const now = clock.now();
      // Due: less than half of its 15 min left, and the 1 h cap still allows more.
      const due =
        last - now <= 7.5 * MIN && Math.min(now + 15 * MIN, start + 60 * MIN) > last + 1000;
      if (due) {
        await waitFor(
          async () => {
            await a.refresh();
            return endOf() > last;
          },
          { timeoutMs: 15_000, message: `extended when due (t=${t + 7} min)` },
        );
      } else {
        await a.refresh();
        await new Promise((r) => setTimeout(r, 200));
      }
      const end = endOf();
      if (end > last) extensions++;
      last = end;
      assert.ok(end <= start + 60 * MIN + 1000, `ends by the 1 h maximum (${end - start} ms)`);
      // Still firing: it never lapses before its maximum.
      assert.ok(end > now || end === start + 60 * MIN, `lapsed at t=${t + 7} min`);
    }
    // Poll timers firing inside each 7-minute step may extend it at their own moments (a
    // step can then see two extensions as one), so the count is a lower bound.
    assert.ok(extensions >= Math.min(needed, 2), `extended ${extensions} times (${needed} needed)`);
    assert.equal(last, start + 60 * MIN, 'last extension reaches exactly the maximum');
  });
});
