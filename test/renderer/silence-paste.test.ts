// A pasted matcher list becomes matchers (the server's parser reads it); plain text stays text.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pastedMatchers } from '../../renderer/src/lib/silences/paste.ts';

const m = (name: string, value: string, isRegex = false, isEqual = true) => ({
  name,
  value,
  isRegex,
  isEqual,
});

describe('pastedMatchers', () => {
  it('splits lists: comma-separated, in braces, one per line, with operators', () => {
    assert.deepEqual(pastedMatchers('alertname="RedisDown", cluster="prod-eu-2"', 'name'), [
      m('alertname', 'RedisDown'),
      m('cluster', 'prod-eu-2'),
    ]);
    assert.deepEqual(pastedMatchers('{job=~"api|web", env!="dev"}', 'value'), [
      m('job', 'api|web', true),
      m('env', 'dev', false, false),
    ]);
    assert.deepEqual(pastedMatchers('alertname="A"\ninstance!~"db-.*"\n', 'name'), [
      m('alertname', 'A'),
      m('instance', 'db-.*', true, false),
    ]);
    assert.deepEqual(pastedMatchers('severity=critical', 'name'), [m('severity', 'critical')]);
  });

  it('leaves text alone: a value with = in it, words, nothing', () => {
    assert.equal(pastedMatchers('a=b', 'value'), null, 'a value may hold =');
    assert.equal(pastedMatchers('RedisDown', 'name'), null);
    assert.equal(pastedMatchers('', 'name'), null);
    assert.equal(pastedMatchers('x'.repeat(70_000) + '="y"', 'name'), null);
    assert.equal(pastedMatchers('a="b", =', 'name'), null);
  });
});
