// The instance editor's rules: URL, poll interval, credential headers and secrets are
// checked as typed; the instance built keeps secrets out (keys only) and trims what it keeps.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultInstance } from '../../main/core/settings/defaults.ts';
import {
  buildInstance,
  instanceErrors,
  instanceFieldsOf,
  secretOriginHint,
} from '../../renderer/src/lib/settings/instance-fields.ts';

const none = { password: false, token: false };

describe('instance fields', () => {
  it('checks the URL', () => {
    const f = instanceFieldsOf(defaultInstance({ url: 'http://am:9093' }));
    assert.equal(instanceErrors(f, none).url, null);
    for (const [url, re] of [
      ['', /required/],
      ['am:9093', /http/],
      ['ftp://am', /http/],
      ['http://am:9093/api/v2', /without \/api\/v2/],
      ['http://', /valid/],
      // The settings schema's rule, said before Save (base-url.test.ts has the whole class).
      ['https://oncall:pw@am.example', /basic auth fields/],
      ['https://oncall@am.example', /basic auth fields/],
      ['http://am:9093/?tenant=a', /query/],
      ['http://am:9093/#x', /#/],
    ] as const) {
      assert.match(instanceErrors({ ...f, url }, none).url ?? '', re, url);
    }
  });

  it('checks the poll interval, credential headers and missing secrets', () => {
    const f = instanceFieldsOf(defaultInstance({ url: 'http://am:9093' }));
    assert.ok(instanceErrors({ ...f, pollIntervalSec: 1 }, none).poll);
    const header = [{ id: 1, name: ' Authorization ', value: 'x' }];
    assert.ok(instanceErrors({ ...f, headers: header }, none).header);
    assert.match(instanceErrors({ ...f, authType: 'basic' }, none).secret ?? '', /password/);
    assert.equal(
      instanceErrors({ ...f, authType: 'basic' }, { password: true, token: false }).secret,
      null,
    );
    assert.match(instanceErrors({ ...f, authType: 'bearer' }, none).secret ?? '', /token/);
  });

  it('asks for a stored secret again when the URL names another origin, not another path', () => {
    const f = {
      ...instanceFieldsOf(defaultInstance({ url: 'https://a:9093' })),
      authType: 'basic' as const,
    };
    const stored = { password: true, token: false, origin: 'https://a:9093' };
    for (const url of ['https://a:9093/prefix', 'HTTPS://A:9093', 'https://a:9093/']) {
      assert.equal(secretOriginHint({ ...f, url }, stored), null, url);
      assert.equal(instanceErrors({ ...f, url }, stored).secret, null, url);
    }
    for (const url of ['https://b:9093', 'http://a:9093', 'https://a:9094']) {
      assert.equal(
        secretOriginHint({ ...f, url }, stored),
        `The stored password is for https://a:9093; enter it again for ${new URL(url).origin}`,
      );
      assert.match(instanceErrors({ ...f, url }, stored).secret ?? '', /Enter the password/);
      assert.equal(instanceErrors({ ...f, url, password: 'new' }, stored).secret, null);
    }
    const bearer = { ...f, authType: 'bearer' as const, url: 'https://b:9093' };
    assert.match(secretOriginHint(bearer, { ...stored, token: true }) ?? '', /stored token is for/);
    assert.equal(secretOriginHint({ ...f, authType: 'none', url: 'https://b:9093' }, stored), null);
  });

  it('builds the instance with secret keys, trimmed values and the secrets typed', () => {
    const base = defaultInstance({ url: 'http://am:9093' });
    const f = {
      ...instanceFieldsOf(base),
      name: ' ',
      url: ' https://am.example/prefix// ',
      authType: 'basic' as const,
      username: 'alice',
      password: 'pw',
      headers: [
        { id: 1, name: ' X-Scope-OrgID ', value: 't1' },
        { id: 2, name: ' ', value: 'dropped' },
      ],
      caFile: ' /ca.pem ',
      cluster: ' eu ',
    };
    const { instance, secrets } = buildInstance(base.id, f);
    assert.equal(instance.name, 'am.example');
    assert.equal(instance.url, 'https://am.example/prefix');
    assert.deepEqual(instance.auth, {
      type: 'basic',
      username: 'alice',
      passwordKey: `instance/${base.id}/password`,
    });
    assert.deepEqual(instance.headers, { 'X-Scope-OrgID': 't1' });
    assert.deepEqual(instance.tls, { caFile: '/ca.pem' });
    assert.equal(instance.cluster, 'eu');
    assert.deepEqual(secrets, { password: 'pw' });
    assert.ok(!JSON.stringify(instance).includes('"pw"'));
    assert.equal(buildInstance(base.id, { ...f, password: '' }).secrets, undefined);
  });

  it('keeps the Prometheus URL that fills the history, checked as a base URL', () => {
    const base = defaultInstance({ url: 'http://am:9093', prometheusUrl: 'http://prom:9090' });
    const f = instanceFieldsOf(base);
    // Saving the editor keeps what the settings held.
    assert.equal(buildInstance(base.id, f).instance.prometheusUrl, 'http://prom:9090');
    assert.equal(instanceErrors(f, none).prometheus, null);
    assert.equal(instanceErrors({ ...f, prometheusUrl: '' }, none).prometheus, null);
    assert.equal(
      buildInstance(base.id, { ...f, prometheusUrl: ' ' }).instance.prometheusUrl,
      undefined,
    );
    assert.equal(
      buildInstance(base.id, { ...f, prometheusUrl: ' https://prom.example/p/ ' }).instance
        .prometheusUrl,
      'https://prom.example/p',
    );
    for (const [url, re] of [
      ['prom:9090', /http/],
      ['http://prom:9090/api/v1', /without \/api\/v1/],
      ['https://u:pw@prom.example', /basic auth fields/],
    ] as const) {
      assert.match(instanceErrors({ ...f, prometheusUrl: url }, none).prometheus ?? '', re, url);
    }
  });
});
