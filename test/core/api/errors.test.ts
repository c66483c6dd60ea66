// Server message extraction and status classification, for every body shape servers use.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  AlertmanagerError,
  errorForStatus,
  extractServerMessage,
} from '../../../main/core/api/errors.ts';
import { formatPath } from '../../../main/core/api/schemas.ts';

describe('extractServerMessage', () => {
  const cases: [string, string | undefined][] = [
    ['"bad matcher format: foo"', 'bad matcher format: foo'],
    ['{"code":602,"message":"matchers in body is required"}', 'matchers in body is required'],
    ['{"message":"silence created","id":"x"}', 'silence created'],
    ['{"status":"error","error":"tenant missing"}', 'tenant missing'],
    ['{"error":{"message":"nested"}}', 'nested'],
    ['plain text\n', 'plain text'],
    ['  multi\n\tline\r\n text  ', 'multi line text'],
    ['', undefined],
    ['   \n', undefined],
    ['""', undefined],
    ['{"unrelated":1}', '{"unrelated":1}'],
    ['[1,2]', '[1,2]'],
    ['{not json', '{not json'],
    [
      '<!DOCTYPE html><html><head><title>401 Authorization Required</title></head></html>',
      '401 Authorization Required',
    ],
    ['<html><body><h1>Bad</h1> gateway</body></html>', 'Bad gateway'],
    ['"with \\u0000 control"', 'with control'],
  ];
  for (const [body, expected] of cases) {
    it(`${JSON.stringify(body)} -> ${JSON.stringify(expected)}`, () => {
      assert.equal(extractServerMessage(body), expected);
    });
  }

  it('truncates very long messages', () => {
    const msg = extractServerMessage('x'.repeat(10_000));
    assert.equal(msg?.length, 500);
    assert.ok(msg?.endsWith('…'));
  });
});

describe('errorForStatus', () => {
  it('classifies 401/403 as auth and everything else as http', () => {
    assert.equal(errorForStatus('GET /status', 401, '').kind, 'auth');
    assert.equal(errorForStatus('GET /status', 403, '').kind, 'auth');
    for (const status of [302, 400, 404, 422, 500, 502, 503]) {
      assert.equal(errorForStatus('GET /status', status, '').kind, 'http');
    }
  });

  it('is busy only for 503 and serializes without secrets or causes', () => {
    const err = errorForStatus('GET /alerts', 503, 'overloaded');
    assert.ok(err instanceof AlertmanagerError);
    assert.equal(err.busy, true);
    assert.equal(errorForStatus('GET /alerts', 500, '').busy, false);
    assert.deepEqual(err.toJSON(), {
      kind: 'http',
      endpoint: 'GET /alerts',
      message: 'GET /alerts: server busy (503): overloaded',
      status: 503,
      serverMessage: 'overloaded',
    });
  });
});

describe('formatPath', () => {
  it('prints zod paths the way users read them', () => {
    assert.equal(formatPath([3, 'alerts', 0, 'status', 'state']), '[3].alerts[0].status.state');
    assert.equal(formatPath(['labels', 'odd key']), 'labels["odd key"]');
    assert.equal(formatPath([]), '');
  });
});
