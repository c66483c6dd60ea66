// A cluster's name before the view has told it (renderer/src/lib/view/cluster-names.ts): the
// first list answer comes before the view, and its group headers said "instance:cli-1".
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clusterNameFromSettings } from '../../renderer/src/lib/view/cluster-names.ts';
import { explicitClusterId, standaloneClusterId } from '../../main/core/engine/clusters.ts';

const settings = {
  instances: [
    { id: 'cli-1', name: '127.0.0.1:19093' },
    { id: 'prod', name: 'am-prod' },
  ],
} as Parameters<typeof clusterNameFromSettings>[1];

test('a standalone instance by its settings name, an explicit cluster by its own', () => {
  assert.equal(clusterNameFromSettings(standaloneClusterId('cli-1'), settings), '127.0.0.1:19093');
  assert.equal(clusterNameFromSettings(standaloneClusterId('prod'), settings), 'am-prod');
  assert.equal(clusterNameFromSettings(explicitClusterId('eu ha'), settings), 'eu ha');
});

test('unknown instances, detected clusters and no settings yet: no name (the id is shown)', () => {
  assert.equal(clusterNameFromSettings(standaloneClusterId('gone'), settings), undefined);
  assert.equal(clusterNameFromSettings('detected:abc', settings), undefined);
  assert.equal(clusterNameFromSettings(standaloneClusterId('cli-1'), null), undefined);
});
