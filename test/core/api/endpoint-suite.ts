// Every endpoint of the client against real Alertmanager, shared by the single-server and the
// 3-peer-cluster test files. Writes go to one server; reads are checked on every read URL
// (on a cluster: all peers, so silences must arrive by gossip). Alerts do not gossip, so they
// are posted to every peer, as Prometheus does for an HA pair.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { AlertmanagerClient } from '../../../main/core/api/client.ts';
import { formatMatcher } from '../../../main/core/matchers/format.ts';
import { toMatcher } from '../../../main/core/matchers/matcher.ts';
import type { GettableAlert, Matcher, PostableSilence } from '../../../main/core/api/types.ts';
import { makeAlert, waitFor } from '../../support/alertmanager.ts';
import { rejectsWith } from './rejects-with.ts';
export { rejectsWith };

export interface Target {
  /** Where silences are written. */
  writeUrl: string;
  /** Where results are read (every peer of a cluster). */
  readUrls: string[];
  clustered: boolean;
  stop(): Promise<void>;
}

const eq = (name: string, value: string): Matcher => toMatcher('=', name, value);

function silenceFor(matchers: Matcher[], comment = 'test'): PostableSilence {
  const now = Date.now();
  return {
    matchers,
    startsAt: new Date(now).toISOString(),
    endsAt: new Date(now + 3600_000).toISOString(),
    createdBy: 'client-test',
    comment,
  };
}

const names = (alerts: GettableAlert[]): string[] =>
  alerts.map((a) => `${a.labels.alertname}/${a.labels.severity ?? '-'}`).sort();

export function endpointSuite(
  label: string,
  start: () => Promise<Target>,
  opts?: { skip?: string | false },
): void {
  describe(label, { skip: opts?.skip ?? false }, () => {
    let target: Target;
    let writer: AlertmanagerClient;
    let readers: AlertmanagerClient[];
    /** Unique per file run so names never collide with leftovers. */
    const run = `r${Math.random().toString(36).slice(2, 8)}`;
    const n = (base: string): string => `${base}_${run}`;

    /** Retries `check` on every reader until it passes (gossip and inhibition take a moment). */
    async function eventually(
      check: (c: AlertmanagerClient, i: number) => Promise<void>,
      message: string,
    ): Promise<void> {
      await Promise.all(
        readers.map((c, i) =>
          waitFor(
            async () => {
              await check(c, i);
              return true;
            },
            { timeoutMs: 30_000, intervalMs: 200, message: `${message} (reader ${i})` },
          ),
        ),
      );
    }

    before(async () => {
      target = await start();
      writer = new AlertmanagerClient({ baseUrl: target.writeUrl });
      readers = target.readUrls.map((baseUrl) => new AlertmanagerClient({ baseUrl }));
    });
    after(async () => {
      await writer?.close();
      await Promise.all((readers ?? []).map((c) => c.close()));
      await target?.stop();
    });

    it('getStatus reports version, config and cluster state', async () => {
      for (const c of readers) {
        const status = await c.getStatus();
        assert.match(status.versionInfo.version, /^\d+\.\d+/);
        assert.match(status.config.original, /team-a/);
        assert.ok(!Number.isNaN(Date.parse(status.uptime ?? '')));
        if (target.clustered) {
          assert.equal(status.cluster.status, 'ready');
          assert.equal(status.cluster.peers?.length, target.readUrls.length);
          assert.ok(status.cluster.name, 'a clustered peer has a name');
          assert.ok(status.cluster.peers?.some((p) => p.name === status.cluster.name));
        } else {
          assert.equal(status.cluster.status, 'disabled');
        }
      }
    });

    it('getReceivers lists the configured receivers', async () => {
      for (const c of readers) {
        const receivers = (await c.getReceivers()).map((r) => r.name).sort();
        assert.deepEqual(receivers, ['blackhole', 'pager', 'team-a', 'team-b']);
      }
    });

    it('silences: create, read, list by filter, update in place, replace, expire', async () => {
      const name = n('Life');
      const id = await writer.postSilence(silenceFor([eq('alertname', name)], 'first'));
      assert.match(id, /^[0-9a-f-]{36}$/);

      await eventually(async (c) => {
        const s = await c.getSilence(id);
        assert.equal(s.id, id);
        assert.equal(s.status.state, 'active');
        assert.deepEqual(s.matchers, [eq('alertname', name)]);
        assert.equal(s.comment, 'first');
        assert.equal(s.createdBy, 'client-test');
        const listed = await c.getSilences([formatMatcher(eq('alertname', name))]);
        assert.deepEqual(
          listed.map((x) => x.id),
          [id],
        );
      }, 'created silence visible');

      // Same matchers, same startsAt, later end: updated in place, same id.
      const current = await writer.getSilence(id);
      const laterEnd = new Date(Date.parse(current.endsAt) + 3600_000).toISOString();
      const sameId = await writer.postSilence({
        id,
        matchers: current.matchers,
        startsAt: current.startsAt,
        endsAt: laterEnd,
        createdBy: 'someone-else',
        comment: 'updated in place',
      });
      assert.equal(sameId, id);
      await eventually(async (c) => {
        const s = await c.getSilence(id);
        assert.equal(s.comment, 'updated in place');
        assert.equal(s.createdBy, 'someone-else');
        assert.equal(Date.parse(s.endsAt), Date.parse(laterEnd));
        assert.equal(s.status.state, 'active');
      }, 'in-place update visible');

      // Different matchers: the server answers a NEW id and expires the old silence.
      const newId = await writer.postSilence({
        ...silenceFor([eq('alertname', name), eq('severity', 'warning')], 'replaced'),
        id,
      });
      assert.notEqual(newId, id);
      await eventually(async (c) => {
        assert.equal((await c.getSilence(id)).status.state, 'expired');
        const s = await c.getSilence(newId);
        assert.equal(s.status.state, 'active');
        assert.equal(s.matchers.length, 2);
      }, 'replacement visible');

      await writer.deleteSilence(newId);
      await eventually(async (c) => {
        const s = await c.getSilence(newId);
        assert.equal(s.status.state, 'expired');
        // Expired silences stay listed.
        const all = await c.getSilences();
        assert.ok(all.some((x) => x.id === newId));
      }, 'expiry visible');
    });

    it('update of an unknown id -> 404 with the server message', async () => {
      const err = await rejectsWith(
        writer.postSilence({ ...silenceFor([eq('alertname', n('Ghost'))]), id: randomUUID() }),
        'http',
        404,
      );
      assert.equal(err.serverMessage, 'silence not found');
      assert.equal(err.endpoint, 'POST /silences');
    });

    it('getSilence of an unknown id -> 404 with an empty body', async () => {
      const err = await rejectsWith(readers[0]!.getSilence(randomUUID()), 'http', 404);
      assert.equal(err.serverMessage, undefined);
      assert.equal(err.endpoint, 'GET /silence/{id}');
    });

    it('invalid silences -> 400 with the server message', async () => {
      const past = silenceFor([eq('alertname', n('Past'))]);
      past.endsAt = new Date(Date.now() - 3600_000).toISOString();
      past.startsAt = new Date(Date.now() - 7200_000).toISOString();
      const e1 = await rejectsWith(writer.postSilence(past), 'http', 400);
      assert.match(e1.serverMessage ?? '', /past/);
      const empty = silenceFor([toMatcher('=~', 'alertname', '.*')]);
      const e2 = await rejectsWith(writer.postSilence(empty), 'http', 400);
      assert.match(e2.serverMessage ?? '', /empty string/);
    });

    it('a bad filter or receiver regex -> 400 with the server message', async () => {
      const c = readers[0]!;
      const e1 = await rejectsWith(c.getAlerts({ filter: ['{alertname="x"}'] }), 'http', 400);
      assert.match(e1.serverMessage ?? '', /bad matcher format/);
      assert.match(e1.message, /^GET \/alerts: HTTP 400 \(400\): bad matcher format/);
      const e2 = await rejectsWith(c.getAlertGroups({ filter: ['=nope'] }), 'http', 400);
      assert.match(e2.serverMessage ?? '', /bad matcher format/);
      const e3 = await rejectsWith(c.getSilences(['{a="b"}']), 'http', 400);
      assert.match(e3.serverMessage ?? '', /bad matcher format/);
      const e4 = await rejectsWith(c.getAlerts({ receiver: '(' }), 'http', 400);
      assert.match(e4.serverMessage ?? '', /receiver/);
    });

    describe('alerts and groups', () => {
      const S = n('Silenced');
      const I = n('Inhibit');
      const P = n('Plain');
      const B = n('Both');
      const mine = `alertname=~"${[S, I, P, B].join('|')}"`;
      const tricky = 'C:\\dir "quoted"\nline two';
      let silenceId = '';

      before(async () => {
        silenceId = await writer.postSilence(silenceFor([eq('alertname', S)], 'mute S'));
        const alerts = [
          makeAlert({ alertname: S, severity: 'warning' }, { annotations: { summary: 'muted' } }),
          makeAlert({ alertname: I, severity: 'critical' }),
          makeAlert({ alertname: I, severity: 'warning' }),
          makeAlert(
            { alertname: P, team: 'b', path: tricky },
            { generatorURL: 'http://prometheus.example/graph?g0.expr=up' },
          ),
          makeAlert({ alertname: B, severity: 'critical', team: 'b' }),
        ];
        // Through the client under test, to every server (alerts do not gossip).
        await Promise.all(readers.map((c) => c.postAlerts(alerts)));
      });

      it('postAlerts: the alerts are listed with labels, annotations and generatorURL', async () => {
        await eventually(async (c) => {
          const alerts = await c.getAlerts({ filter: [mine] });
          assert.deepEqual(names(alerts), [
            `${B}/critical`,
            `${I}/critical`,
            `${I}/warning`,
            `${P}/-`,
            `${S}/warning`,
          ]);
          const s = alerts.find((a) => a.labels.alertname === S);
          assert.equal(s?.annotations.summary, 'muted');
          const p = alerts.find((a) => a.labels.alertname === P);
          assert.equal(p?.generatorURL, 'http://prometheus.example/graph?g0.expr=up');
          assert.match(p?.fingerprint ?? '', /^[0-9a-f]+$/);
        }, 'posted alerts listed');
      });

      it('silenced and inhibited alerts are suppressed with silencedBy / inhibitedBy', async () => {
        await eventually(async (c) => {
          const alerts = await c.getAlerts({ filter: [mine] });
          const by = (name: string, sev?: string) =>
            alerts.find((a) => a.labels.alertname === name && a.labels.severity === sev);
          const silenced = by(S, 'warning');
          assert.equal(silenced?.status.state, 'suppressed');
          assert.deepEqual(silenced?.status.silencedBy, [silenceId]);
          const source = by(I, 'critical');
          const inhibited = by(I, 'warning');
          assert.equal(source?.status.state, 'active');
          assert.equal(inhibited?.status.state, 'suppressed');
          assert.deepEqual(inhibited?.status.inhibitedBy, [source?.fingerprint]);
          assert.equal(by(P)?.status.state, 'active');
        }, 'suppression states');
      });

      it('active / silenced / inhibited flags filter by state', async () => {
        await eventually(async (c) => {
          const noSilenced = await c.getAlerts({ flags: { silenced: false }, filter: [mine] });
          assert.ok(!names(noSilenced).includes(`${S}/warning`));
          assert.ok(names(noSilenced).includes(`${I}/warning`));
          const noInhibited = await c.getAlerts({ flags: { inhibited: false }, filter: [mine] });
          assert.ok(!names(noInhibited).includes(`${I}/warning`));
          assert.ok(names(noInhibited).includes(`${S}/warning`));
          const suppressedOnly = await c.getAlerts({ flags: { active: false }, filter: [mine] });
          assert.deepEqual(names(suppressedOnly), [`${I}/warning`, `${S}/warning`]);
          const activeOnly = await c.getAlerts({
            flags: { silenced: false, inhibited: false, unprocessed: false },
            filter: [mine],
          });
          assert.deepEqual(names(activeOnly), [`${B}/critical`, `${I}/critical`, `${P}/-`]);
          const groups = await c.getAlertGroups({ flags: { silenced: false }, filter: [mine] });
          const grouped = groups.flatMap((g) => g.alerts.map((a) => a.labels.alertname));
          assert.ok(!grouped.includes(S));
          assert.ok(grouped.includes(I));
        }, 'state flags');
      });

      it('repeated filters are ANDed; the canonical matcher format finds tricky values', async () => {
        await eventually(async (c) => {
          const one = await c.getAlerts({ filter: [`alertname="${I}"`, 'severity="warning"'] });
          assert.deepEqual(names(one), [`${I}/warning`]);
          const t = await c.getAlerts({ filter: [formatMatcher(eq('path', tricky))] });
          assert.deepEqual(names(t), [`${P}/-`]);
          assert.equal(t[0]?.labels.path, tricky);
        }, 'filters');
      });

      it('receiver regex selects alerts and groups by receiver (anchored)', async () => {
        await eventually(async (c) => {
          const pager = await c.getAlerts({ receiver: 'pager', filter: [mine] });
          assert.deepEqual(names(pager), [`${B}/critical`, `${I}/critical`]);
          const teams = await c.getAlerts({ receiver: 'team-.*', filter: [mine] });
          assert.deepEqual(names(teams), [
            `${B}/critical`,
            `${I}/warning`,
            `${P}/-`,
            `${S}/warning`,
          ]);
          // Anchored: "team" alone matches no receiver name.
          assert.deepEqual(await c.getAlerts({ receiver: 'team', filter: [mine] }), []);
          const groups = await c.getAlertGroups({ receiver: 'team-b', filter: [mine] });
          assert.ok(groups.length > 0);
          assert.ok(groups.every((g) => g.receiver.name === 'team-b'));
        }, 'receiver regex');
      });

      it('one alert in two groups (continue: true) with the same fingerprint', async () => {
        await eventually(async (c) => {
          const groups = await c.getAlertGroups({ filter: [`alertname="${B}"`] });
          assert.deepEqual(groups.map((g) => g.receiver.name).sort(), ['pager', 'team-b']);
          for (const g of groups) {
            assert.deepEqual(g.labels, { alertname: B });
            assert.equal(g.alerts.length, 1);
          }
          assert.equal(groups[0]?.alerts[0]?.fingerprint, groups[1]?.alerts[0]?.fingerprint);
          const receivers = groups[0]?.alerts[0]?.receivers.map((r) => r.name).sort();
          assert.deepEqual(receivers, ['pager', 'team-b']);
        }, 'two groups');
      });
    });
  });
}
