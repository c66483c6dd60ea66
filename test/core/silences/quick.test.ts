import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { DURATION_PRESETS } from '../../../main/core/model/duration.ts';
import { DEFAULT_VOLATILE_LABELS } from '../../../main/core/settings/defaults.ts';
import {
  buildDraft,
  quickMatchersForAlert,
  quickMatchersForGroup,
} from '../../../main/core/silences/quick.ts';
import { matchesAlert } from '../../support/matches.ts';
import { previewSilence } from '../../../main/core/silences/preview.ts';
import { validateDraft } from '../../../main/core/silences/validate.ts';
import type { SilenceDraft } from '../../../main/core/service.ts';
import { alert, cluster, group, MIN, snapshot, T0 } from '../policy/view-fixtures.ts';

describe('quick silence matchers', () => {
  const a = alert({
    labels: {
      alertname: 'PodCrash',
      namespace: 'shop',
      deployment: 'cart',
      pod: 'cart-7d9f-abcde',
      pod_template_hash: '7d9f',
      severity: 'critical',
    },
  });

  it('alert: labels minus volatile ones, alertname first', () => {
    const ms = quickMatchersForAlert(a, DEFAULT_VOLATILE_LABELS);
    assert.deepEqual(
      ms.map((x) => x.name),
      ['alertname', 'deployment', 'namespace', 'severity'],
    );
    assert.ok(ms.every((x) => x.isEqual && !x.isRegex));
    // still matches the alert, and a restarted pod of the same deployment
    assert.ok(matchesAlert(ms, a.labels));
    assert.ok(matchesAlert(ms, { ...a.labels, pod: 'cart-7d9f-zzzzz', pod_template_hash: '1111' }));
    assert.ok(!matchesAlert(ms, { ...a.labels, deployment: 'web' }));
  });

  it('alert whose labels are all volatile keeps them all', () => {
    const b = alert({ labels: { pod: 'x' } });
    assert.deepEqual(quickMatchersForAlert(b, ['pod']), [
      { name: 'pod', value: 'x', isRegex: false, isEqual: true },
    ]);
  });

  it('group: group labels; without labels, the alertname(s) of its alerts', () => {
    const g = group('c1', { alertname: 'PodCrash', namespace: 'shop' }, [a]);
    assert.deepEqual(quickMatchersForGroup(g), [
      { name: 'alertname', value: 'PodCrash', isRegex: false, isEqual: true },
      { name: 'namespace', value: 'shop', isRegex: false, isEqual: true },
    ]);
    const one = group('c1', {}, [a]);
    assert.deepEqual(quickMatchersForGroup(one, { [a.fingerprint]: a }), [
      { name: 'alertname', value: 'PodCrash', isRegex: false, isEqual: true },
    ]);
    const b = alert({ labels: { alertname: 'Disk.Full' } });
    const two = group('c1', {}, [a, b]);
    const ms = quickMatchersForGroup(two, { [a.fingerprint]: a, [b.fingerprint]: b });
    assert.deepEqual(ms, [
      { name: 'alertname', value: 'Disk\\.Full|PodCrash', isRegex: true, isEqual: true },
    ]);
    assert.ok(matchesAlert(ms, b.labels));
    assert.ok(!matchesAlert(ms, { alertname: 'DiskXFull' }), 'dot is escaped');
    assert.deepEqual(quickMatchersForGroup(group('c1', {}, [])), []);
  });

  it('presets and drafts', () => {
    assert.deepEqual(
      DURATION_PRESETS.map((p) => [p.label, p.ms]),
      [
        ['15m', 15 * MIN],
        ['1h', 60 * MIN],
        ['4h', 240 * MIN],
        ['1d', 1440 * MIN],
      ],
    );
    const d = buildDraft({
      matchers: quickMatchersForAlert(a, DEFAULT_VOLATILE_LABELS),
      durationMs: 60 * MIN,
      createdBy: 'bob',
      comment: 'looking',
      now: T0,
    });
    assert.equal(d.startsAt, '2026-11-20T12:00:00.000Z');
    assert.equal(d.endsAt, '2026-11-20T13:00:00.000Z');
    assert.deepEqual(validateDraft(d, { now: T0 }), []);
  });
});

describe('validateDraft', () => {
  const ok: SilenceDraft = {
    matchers: [{ name: 'alertname', value: 'X', isRegex: false, isEqual: true }],
    startsAt: new Date(T0).toISOString(),
    endsAt: new Date(T0 + MIN).toISOString(),
    createdBy: 'alice',
    comment: 'why',
  };
  const fields = (d: SilenceDraft, o = {}) =>
    validateDraft(d, { now: T0, ...o }).map((e) => e.field);

  it('accepts a good draft', () => {
    assert.deepEqual(fields(ok), []);
  });
  it('needs a matcher, and one that does not match the empty string', () => {
    assert.deepEqual(fields({ ...ok, matchers: [] }), ['matchers']);
    assert.deepEqual(
      fields({ ...ok, matchers: [{ name: 'a', value: '.*', isRegex: true, isEqual: true }] }),
      ['matchers'],
    );
    assert.deepEqual(
      fields({
        ...ok,
        matchers: [
          { name: 'a', value: '.*', isRegex: true, isEqual: true },
          { name: 'b', value: 'x', isRegex: false, isEqual: true },
        ],
      }),
      [],
    );
  });
  it('reports an invalid regex and an empty name on the matcher', () => {
    assert.deepEqual(
      fields({ ...ok, matchers: [{ name: '', value: '(x', isRegex: true, isEqual: true }] }),
      ['matchers.0.name', 'matchers.0.value'],
    );
  });
  it('times: end after start, not in the past', () => {
    assert.deepEqual(fields({ ...ok, endsAt: ok.startsAt }), ['endsAt']);
    assert.deepEqual(fields(ok, { now: T0 + 2 * MIN }), ['endsAt']);
    assert.deepEqual(fields({ ...ok, startsAt: 'yesterday' }), ['startsAt']);
  });
  it('author required; comment required unless disabled', () => {
    assert.deepEqual(fields({ ...ok, createdBy: ' ', comment: '' }), ['createdBy', 'comment']);
    assert.deepEqual(fields({ ...ok, comment: '' }, { requireComment: false }), []);
  });
});

describe('previewSilence', () => {
  it('lists the alerts of that cluster the matchers hit, any state', async () => {
    const a1 = alert({ labels: { alertname: 'HighCPU', instance: 'a' } });
    const a2 = alert({
      labels: { alertname: 'HighCPU', instance: 'b' },
      states: { c1: 'suppressed' },
    });
    const a3 = alert({ labels: { alertname: 'HighCPU', instance: 'c' }, states: { c2: 'active' } });
    const a4 = alert({ labels: { alertname: 'DiskFull', instance: 'a' } });
    const view = snapshot({ alerts: [a1, a2, a3, a4], clusters: [cluster('c1'), cluster('c2')] });
    const r = await previewSilence(view, 'c1', [
      { name: 'alertname', value: 'HighCPU', isRegex: false, isEqual: true },
    ]);
    assert.equal(r.clusterId, 'c1');
    assert.equal(r.total, 2);
    assert.deepEqual(r.fingerprints, [a1.fingerprint, a2.fingerprint]);
    assert.deepEqual(
      r.alerts.map((a) => a.labels.instance),
      ['a', 'b'],
    );
    assert.equal((await previewSilence(view, 'c1', [])).total, 0);
    assert.equal(
      (
        await previewSilence(view, 'c2', [
          { name: 'instance', value: 'a|c', isRegex: true, isEqual: true },
        ])
      ).total,
      1,
    );
  });
});
