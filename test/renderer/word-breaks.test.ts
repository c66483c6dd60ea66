// Where the detail pane's title may break (renderer/src/lib/format/word-breaks.ts). Plain Node.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { wordPieces } from '../../renderer/src/lib/format/word-breaks.ts';

describe('wordPieces', () => {
  it('breaks between camelCase words and after separators, losing nothing', () => {
    assert.deepEqual(wordPieces('KubeDeploymentReplicasMismatch'), [
      'Kube',
      'Deployment',
      'Replicas',
      'Mismatch',
    ]);
    assert.deepEqual(wordPieces('node_filesystem_almost_full'), [
      'node_',
      'filesystem_',
      'almost_',
      'full',
    ]);
    assert.deepEqual(wordPieces('HTTP5xxRate'), ['HTTP5xx', 'Rate']);
    assert.deepEqual(wordPieces(''), ['']);
    for (const t of ['a--b', 'ABC', 'x'.repeat(500), 'aB'.repeat(200)])
      assert.equal(wordPieces(t).join(''), t);
  });
  it('is bounded for hostile names', () => {
    assert.ok(wordPieces('aB'.repeat(10_000)).length <= 64);
  });
});
