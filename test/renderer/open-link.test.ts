// Where a link opens (renderer/src/lib/links/open-link.ts): the system browser through the
// shell in Electron, said only once the shell took it; a new tab in the browser shell, never
// the shell's process (it ran xdg-open where it runs and the window said "opened"); and only
// http(s) links, in either shell.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openLink } from '../../renderer/src/lib/links/open-link.ts';

function recorder(shell?: 'works' | 'fails') {
  const calls: string[] = [];
  return {
    calls,
    openers: {
      ...(shell
        ? {
            shell: async (u: string) => {
              calls.push(`shell ${u}`);
              if (shell === 'fails') throw new Error('no browser to open it');
            },
          }
        : {}),
      tab: (u: string) => void calls.push(`tab ${u}`),
    },
  };
}

describe('openLink', () => {
  it('browser shell: a new tab, nothing asked of the shell', async () => {
    const r = recorder();
    assert.equal(await openLink(' https://wiki.example.com/run book ', r.openers), 'tab');
    assert.deepEqual(r.calls, ['tab https://wiki.example.com/run%20book']);
  });

  it('Electron: the system browser through the shell, and its refusal reaches the caller', async () => {
    const ok = recorder('works');
    assert.equal(await openLink('https://wiki.example.com/x', ok.openers), 'browser');
    assert.deepEqual(ok.calls, ['shell https://wiki.example.com/x']);
    const fails = recorder('fails');
    await assert.rejects(openLink('https://wiki.example.com/x', fails.openers), /no browser/);
    assert.deepEqual(fails.calls, ['shell https://wiki.example.com/x'], 'no tab instead');
  });

  it('only http(s): anything else is refused before either opener', async () => {
    for (const shell of [undefined, 'works'] as const) {
      const r = recorder(shell);
      for (const bad of ['javascript:alert(1)', 'file:///etc/passwd', '//evil.example', ''])
        await assert.rejects(openLink(bad, r.openers), /Only http\(s\) links/);
      assert.deepEqual(r.calls, []);
    }
  });
});
