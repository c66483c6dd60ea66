// What every place says about a server failure: exact, compact, no repeated prefixes, the
// HTTP status with any body, auth failures called so.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { describeError, describeErrorAt } from '../../../main/core/api/describe-error.ts';
import { errorForStatus, type SerializedError } from '../../../main/core/api/errors.ts';
import { NotificationPolicy } from '../../../main/core/policy/notify.ts';
import { defaultSettings } from '../../../main/core/settings/defaults.ts';
import { instance, snapshot, T0 } from '../policy/view-fixtures.ts';

const fromStatus = (status: number, body: string): SerializedError =>
  errorForStatus('GET /status', status, body).toJSON();

describe('describeError', () => {
  const cases: [SerializedError, string][] = [
    [fromStatus(404, 'not here'), 'HTTP 404: not here'],
    [fromStatus(404, ''), 'HTTP 404'],
    [fromStatus(500, '"silence not found"'), 'HTTP 500: silence not found'],
    [fromStatus(503, 'too many requests'), 'server busy (HTTP 503): too many requests'],
    [fromStatus(401, 'token expired'), 'authentication failed (HTTP 401): token expired'],
    [fromStatus(403, '{"message":"no role"}'), 'not allowed for this account (HTTP 403): no role'],
    [
      fromStatus(404, 'the Alertmanager is not configured\n'),
      'no Alertmanager configuration for this tenant (HTTP 404): the Alertmanager is not configured',
    ],
    [
      {
        kind: 'network',
        endpoint: 'GET /status',
        message: 'GET /status: GET /status: network error: connect ECONNREFUSED 127.0.0.1:1',
      },
      'network error: connect ECONNREFUSED 127.0.0.1:1',
    ],
    [
      {
        kind: 'timeout',
        endpoint: 'GET /alerts/groups',
        message: 'GET /alerts/groups: timed out after 10 s',
      },
      'timed out after 10 s',
    ],
  ];
  for (const [e, want] of cases) {
    it(want, () => assert.equal(describeError(e), want));
  }

  it('names the request once when asked to', () => {
    assert.equal(describeErrorAt(fromStatus(404, 'not here')), 'GET /status: HTTP 404: not here');
  });

  it('a notification calls an auth failure an auth failure', () => {
    const p = new NotificationPolicy();
    const inst = {
      ...instance('prod-eu', 'c1', 'auth-failed'),
      lastError: errorForStatus('GET /alerts/groups', 401, 'token expired').toJSON(),
    };
    const view = snapshot({ instances: [inst] });
    const notes = p.decide(
      [{ type: 'instance-unreachable', instanceId: 'prod-eu', message: 'x' }],
      view,
      defaultSettings(),
      T0,
      { initialClusters: new Set<string>() },
    );
    assert.deepEqual(
      notes.map((n) => [n.title, n.body]),
      [
        [
          'prod-eu: authentication failed',
          'GET /alerts/groups: authentication failed (HTTP 401): token expired\nThe alerts shown are the last known: new ones cannot reach you.',
        ],
      ],
    );
  });
});
