// Alerts without the severity label are "no severity", never confused with a literal value
// "none"; summaries name the most severe alerts first, then the most frequent. How the tray
// and the window show the buckets: test/electron/severity-buckets.test.ts and
// test/renderer/severity-buckets.test.ts (core tests import only the core).
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { NO_SEVERITY, severityBucketName } from '../../../main/core/model/severity-bucket.ts';
import { countByName } from '../../../main/core/policy/notification-text.ts';

const ORDER = ['critical', 'warning', 'info'];

describe('severity buckets', () => {
  it('names the missing-label bucket apart from a literal value', () => {
    assert.equal(severityBucketName(NO_SEVERITY), 'no severity');
    assert.equal(severityBucketName('none'), 'none');
    assert.equal(severityBucketName('critical'), 'critical');
  });

  it('shows a hostile value with markers, isolated and cut', () => {
    assert.equal(severityBucketName('safe\u202egnp.exe'), '\u2068safe⟨U+202E⟩gnp.exe\u2069');
    const long = severityBucketName('x'.repeat(1_000_000));
    assert.equal(long, `${'x'.repeat(64)}…`);
  });

  it('summaries order by severity first, then count', () => {
    const alert = (alertname: string, severity: string) => ({ labels: { alertname }, severity });
    const alerts = [
      ...Array.from({ length: 4 }, () => alert('HighCPUUsage', 'warning')),
      ...Array.from({ length: 6 }, () => alert('MemoryPressure', 'info')),
      ...Array.from({ length: 5 }, () => alert('NodeDown', 'critical')),
      ...Array.from({ length: 9 }, () => alert('Noise', '')),
      alert('DiskFull', 'critical'),
    ];
    assert.equal(
      countByName(alerts, 4, ORDER),
      'NodeDown x5, DiskFull, HighCPUUsage x4, MemoryPressure x6, +1 more',
    );
    // Without an order it still puts labelled severities before missing ones, then counts.
    assert.match(countByName(alerts), /^MemoryPressure x6, NodeDown x5, HighCPUUsage x4/);
  });
});
