// A password the settings name but the secret store does not hold: no request is made, and what
// the window's instance health shows (describeError of the instance's lastError, as the
// Instances view and the stale banner render it) is the real reason, "No password stored for
// prod", never an "authentication failed (HTTP 401)" nobody answered.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeError } from '../../../main/core/api/describe-error.ts';
import { createCore } from '../../../main/core/engine/create-core.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { MemorySecrets, settingsFor } from './helpers.ts';

describe('a missing stored secret', () => {
  for (const auth of [
    { type: 'basic' as const, username: 'oncall', passwordKey: 'instance/prod/password' },
    { type: 'bearer' as const, tokenKey: 'instance/prod/token' },
  ]) {
    it(`says so (${auth.type}), with no request made`, async () => {
      const settings = settingsFor(['http://127.0.0.1:9'], { id: 'prod', name: 'prod', auth });
      let clients = 0;
      const core = createCore({
        settings,
        secrets: new MemorySecrets(),
        clock: new FakeClock(),
        createClient: () => {
          clients++;
          throw new Error('no client may be built without its secret');
        },
      });
      core.start();
      await core.refresh();
      const prod = core.snapshot().instances.prod!;
      await core.stop();
      assert.equal(clients, 0);
      assert.equal(prod.health, 'auth-failed', 'a credentials problem, for the banner');
      const what = auth.type === 'basic' ? 'password' : 'token';
      assert.equal(describeError(prod.lastError!), `No ${what} stored for prod`);
    });
  }
});
