// Whose ack it is, against a real Alertmanager with cores on a fake clock: two installs on one
// host (two settings folders, same OS user, so the same tag in their comments) never touch each
// other's acks and each shows the other's as someone else's; a silence anyone posted with this
// install's tag (a forged ack, or one an earlier install wrote before the ledger) is someone
// else's and is never extended or expired; a renewal that comes back with a new id stays ours,
// across a restart.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { after, before, describe, it } from 'node:test';
import type { SilenceView } from '../../../main/core/model/view.ts';
import type { Core } from '../../../main/core/service.ts';
import { defaultInstance, defaultSettings } from '../../../main/core/settings/defaults.ts';
import type { Settings } from '../../../main/core/settings/types.ts';
import { ACK_ANNOTATION, ackComment, ownerTag } from '../../../main/core/silences/ack.ts';
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
const USER = 'oncall';

describe('whose ack it is, on a real server', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  let settings: Settings;
  const installs = new AckCores(() => settings);
  const { clock } = installs;
  /** Every install is the same OS user on the same host: the same tag in their comments. */
  const open = (install: string) => installs.open(install, USER);
  const until = (list: Core[], ok: () => boolean, what: string) => installs.until(list, ok, what);

  const silenceOf = (core: Core, key: string) => core.snapshot().silences[key];
  const endOf = (core: Core, key: string) => Date.parse(silenceOf(core, key)?.endsAt ?? '0');

  /** A few cycles with time for any tending they start to reach the server. */
  async function settle(core: Core): Promise<void> {
    for (let i = 0; i < 3; i++) {
      await core.refresh();
      await new Promise((r) => setTimeout(r, 150));
    }
  }

  const resolve = (name: string) =>
    postAlerts(am.url, [
      makeAlert({ alertname: name }, { endsAt: new Date(Date.now() - 1000).toISOString() }),
    ]);

  before(async () => {
    am = await startAlertmanager();
    settings = defaultSettings();
    settings.instances = [defaultInstance({ id: 'am1', name: 'am1', url: am.url })];
  });
  after(async () => {
    await installs.close();
    await am?.stop();
  });

  it("two installs on one host never touch each other's acks and show them as someone else's", async () => {
    let a = open('install-a');
    let b = open('install-b');
    await postAlerts(am.url, [makeAlert({ alertname: 'TwoA' }), makeAlert({ alertname: 'TwoB' })]);
    await until([a, b], () => !!alertOf(a, 'TwoB') && !!alertOf(b, 'TwoA'), 'alerts seen');
    const [ra] = await a.silences.acknowledge({ fingerprint: alertOf(a, 'TwoA')!.fingerprint });
    const [rb] = await b.silences.acknowledge({ fingerprint: alertOf(b, 'TwoB')!.fingerprint });
    const ka = ra!.silenceKey;
    const kb = rb!.silenceKey;
    await until([a, b], () => !!silenceOf(a, kb) && !!silenceOf(b, ka), 'acks seen');

    assert.deepEqual(silenceOf(a, ka)!.ack, { by: USER, mine: true });
    assert.deepEqual(silenceOf(a, kb)!.ack, { by: USER, mine: false });
    assert.deepEqual(silenceOf(b, kb)!.ack, { by: USER, mine: true });
    assert.deepEqual(silenceOf(b, ka)!.ack, { by: USER, mine: false });
    const tag = (c: string) => /\[tray-ack:(\w+)\]/.exec(c)?.[1];
    assert.equal(tag(silenceOf(a, ka)!.comment), tag(silenceOf(a, kb)!.comment), 'same tag');

    // A is closed. Ten minutes on both acks are due: B extends its own, never A's; and when
    // A's alert resolves, B does not expire A's ack either.
    await a.stop();
    const [endA, endB] = [endOf(b, ka), endOf(b, kb)];
    await clock.advance(10 * MIN);
    await waitFor(
      async () => {
        await b.refresh();
        return endOf(b, kb) > endB;
      },
      { message: 'B extends its own ack' },
    );
    await resolve('TwoA');
    await until([b], () => alertOf(b, 'TwoA') === undefined, 'TwoA resolved');
    await settle(b);
    assert.equal(endOf(b, ka), endA, "A's ack not extended by B");
    assert.equal(silenceOf(b, ka)!.state, 'active', "A's ack not expired by B");

    // A comes back (its ledger file) and expires its ack; then B is closed and A leaves B's
    // ack alone though it is due.
    a = open('install-a');
    await until([a], () => silenceOf(a, ka)?.state === 'expired', 'A expires its own ack');
    await b.stop();
    const endB2 = endOf(a, kb);
    await clock.advance(10 * MIN);
    await settle(a);
    assert.equal(endOf(a, kb), endB2, "B's ack not extended by A");
    assert.equal(silenceOf(a, kb)!.ack?.mine, false);
    b = open('install-b');
    await until([b], () => endOf(b, kb) > endB2, 'B, back, extends its own ack');
  });

  it("a silence with this install's tag that it did not write is someone else's: never tended", async () => {
    const c = open('install-c');
    await postAlerts(am.url, [makeAlert({ alertname: 'Forged' })]);
    await until([c], () => !!alertOf(c, 'Forged'), 'alert seen');
    const tag = ownerTag(hostname(), USER);
    const res = await fetch(`${am.url}/api/v2/silences`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        matchers: [{ name: 'alertname', value: 'Forged', isRegex: false, isEqual: true }],
        // Started on the server's clock (ours runs ahead of it in this file): active.
        startsAt: new Date(Date.now() - 1000).toISOString(),
        // Due for an extension by the rule (less than half of 15 minutes left).
        endsAt: new Date(clock.now() + 5 * MIN).toISOString(),
        createdBy: 'mallory',
        comment: ackComment('', tag),
        annotations: { [ACK_ANNOTATION]: tag },
      }),
    });
    const { silenceID } = (await res.json()) as { silenceID: string };
    const find = () => Object.values(c.snapshot().silences).find((s) => s.id === silenceID);
    await until([c], () => !!find(), 'forged ack seen');
    const key = find()!.key;
    assert.deepEqual(silenceOf(c, key)!.ack, { by: 'mallory', mine: false });
    const end = endOf(c, key);
    await settle(c);
    assert.equal(endOf(c, key), end, 'not extended');
    await resolve('Forged');
    await until([c], () => alertOf(c, 'Forged') === undefined, 'resolved');
    await settle(c);
    assert.equal(silenceOf(c, key)!.state, 'active', 'not expired');
  });

  it('a renewal that comes back with a new id stays ours, across a restart', async () => {
    let d = open('install-d');
    await postAlerts(am.url, [makeAlert({ alertname: 'Renewed' })]);
    await until([d], () => !!alertOf(d, 'Renewed'), 'alert seen');
    const [r] = await d.silences.acknowledge({ fingerprint: alertOf(d, 'Renewed')!.fingerprint });
    const old = silenceOf(d, r!.silenceKey)!;
    // A new start: the server cannot update in place and answers with a new id.
    const renewed = await d.silences.update(old.key, {
      ...old,
      startsAt: new Date(Date.parse(old.startsAt) - 1000).toISOString(),
    });
    assert.notEqual(renewed.silenceKey, old.key);
    await until([d], () => silenceOf(d, renewed.silenceKey)?.ack?.mine === true, 'renewal mine');
    const stored = JSON.parse(readFileSync(installs.ledgerPath('install-d'), 'utf8')) as {
      acks: Record<string, number>;
    };
    assert.deepEqual(Object.keys(stored.acks), [renewed.silenceKey]);
    await d.stop();
    d = open('install-d');
    await until([d], () => silenceOf(d, renewed.silenceKey)?.ack?.mine === true, 'after restart');
  });

  it('an ack of ours expired elsewhere leaves the ledger, and the view stream stays exact', async () => {
    const e = open('install-e');
    const seen: Record<string, SilenceView> = {};
    e.subscribe((m) => {
      if (m.type === 'snapshot') Object.assign(seen, m.snapshot.silences);
      for (const s of m.type === 'delta' ? (m.delta.upsert.silences ?? []) : []) seen[s.key] = s;
      for (const k of m.type === 'delta' ? (m.delta.remove.silences ?? []) : []) delete seen[k];
    });
    await postAlerts(am.url, [makeAlert({ alertname: 'ExpiredElsewhere' })]);
    await until([e], () => !!alertOf(e, 'ExpiredElsewhere'), 'alert seen');
    const fp = alertOf(e, 'ExpiredElsewhere')!.fingerprint;
    const [r] = await e.silences.acknowledge({ fingerprint: fp });
    const key = r!.silenceKey;
    await until([e], () => silenceOf(e, key)?.ack?.mine === true, 'ours');
    // Someone ends it with another tool: the merge that sees it expired prunes the ledger.
    await fetch(`${am.url}/api/v2/silence/${r!.id}`, { method: 'DELETE' });
    await until([e], () => silenceOf(e, key)?.ack?.mine === false, 'no longer tended');
    assert.equal(silenceOf(e, key)!.state, 'expired');
    await settle(e);
    assert.deepEqual(seen, { ...e.snapshot().silences }, 'deltas add up to the snapshot');
  });
});
