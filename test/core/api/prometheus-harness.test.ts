// The Prometheus harness itself: a Watchdog rule reaches a real Alertmanager within seconds, and
// setRules() (reload) removing it makes the alert leave Alertmanager within 4 × resend delay.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  amSkipReason,
  startAlertmanager,
  waitFor,
  type AmProcess,
} from '../../support/alertmanager.ts';
import {
  NO_RULES,
  promSkipReason,
  startPrometheus,
  WATCHDOG_RULES,
  type PromProcess,
} from '../../support/prometheus.ts';

async function alertNames(am: AmProcess): Promise<string[]> {
  const res = await fetch(`${am.url}/api/v2/alerts`);
  const body = (await res.json()) as { labels: Record<string, string> }[];
  return body.map((a) => a.labels.alertname ?? '');
}

describe('harness: Prometheus', { skip: amSkipReason() || promSkipReason() }, () => {
  let am: AmProcess;
  let prom: PromProcess;
  before(async () => {
    am = await startAlertmanager();
    prom = await startPrometheus({
      rules: WATCHDOG_RULES,
      alertmanagerUrls: [am.url],
      externalLabels: { prometheus: 'test' },
    });
  });
  after(async () => {
    await prom?.stop();
    await am?.stop();
  });

  it('evaluates the rule, keeps ALERTS and sends the Watchdog to Alertmanager', async () => {
    await waitFor(async () => (await alertNames(am)).includes('Watchdog'), { timeoutMs: 30_000 });
    const res = await fetch(`${prom.url}/api/v1/query?query=ALERTS{alertstate="firing"}`);
    const body = (await res.json()) as { data: { result: { metric: Record<string, string> }[] } };
    assert.equal(body.data.result[0]?.metric.alertname, 'Watchdog');
  });

  it('setRules() reloads: a removed rule leaves Alertmanager within seconds', async () => {
    await prom.setRules(NO_RULES);
    await waitFor(async () => !(await alertNames(am)).includes('Watchdog'), {
      timeoutMs: 30_000,
    });
    await prom.setRules(WATCHDOG_RULES);
    await waitFor(async () => (await alertNames(am)).includes('Watchdog'), { timeoutMs: 30_000 });
  });
});
