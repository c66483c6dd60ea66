// Silence form validation and the link/annotation rules for untrusted text.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDraft, emptyRow, toMatcher, toRow } from '../../renderer/src/lib/silences/draft.ts';
import { orderAnnotations, safeHttpUrl } from '../../renderer/src/lib/format/links.ts';

const NOW = Date.parse('2026-01-01T12:00:00Z');
const base = {
  startsAt: '2026-01-01T12:00:00.000Z',
  endsAt: '2026-01-01T13:00:00.000Z',
  createdBy: 'me',
  comment: 'why',
  requireComment: true,
  now: NOW,
};

describe('checkDraft', () => {
  it('accepts a complete draft', () => {
    const rows = [toRow({ name: 'alertname', value: 'X', isRegex: false, isEqual: true })];
    const c = checkDraft({ ...base, rows });
    assert.equal(c.valid, true);
    assert.deepEqual(c.usable, [toMatcher(rows[0]!)]);
    assert.deepEqual(c.warnings, []);
  });

  it('explains missing fields and bad regexes', () => {
    const bad = { ...emptyRow(), name: 'job', op: '=~' as const, value: '(' };
    const c = checkDraft({ ...base, rows: [emptyRow(), bad], createdBy: ' ', comment: '' });
    assert.equal(c.valid, false);
    assert.equal(Object.keys(c.matcherErrors).length, 2);
    assert.ok(c.createdBy);
    assert.ok(c.comment);
    assert.ok(checkDraft({ ...base, rows: [] }).matchers);
  });

  it('only warns about what the server decides (empty-matching, end in the past)', () => {
    const rows = [{ ...emptyRow(), name: 'job', op: '=~' as const, value: '.*' }];
    const c = checkDraft({
      ...base,
      rows,
      startsAt: '2025-12-31T10:00:00Z',
      endsAt: '2025-12-31T11:00:00Z',
    });
    assert.equal(c.valid, true);
    assert.equal(c.warnings.length, 2);
  });

  it('refuses an end before the start', () => {
    const rows = [{ ...emptyRow(), name: 'a', value: 'b' }];
    const c = checkDraft({ ...base, rows, endsAt: '2026-01-01T11:00:00Z' });
    assert.equal(c.valid, false);
    assert.ok(c.endsAt);
  });
});

describe('links', () => {
  it('only turns absolute http(s) URLs into links', () => {
    assert.equal(safeHttpUrl('https://runbooks/x?a=1'), 'https://runbooks/x?a=1');
    assert.equal(safeHttpUrl(' http://h/ '), 'http://h/');
    assert.equal(safeHttpUrl('javascript:alert(1)'), null);
    assert.equal(safeHttpUrl('JaVaScRiPt:alert(1)'), null);
    assert.equal(safeHttpUrl('data:text/html,<script>'), null);
    assert.equal(safeHttpUrl('//evil.example'), null);
    assert.equal(safeHttpUrl('/relative'), null);
  });

  it('orders annotations summary, description, runbook, rest', () => {
    const o = orderAnnotations({
      zeta: 'z',
      runbook_url: 'https://rb',
      description: 'd',
      summary: 's',
      dashboard: 'https://d',
    });
    assert.deepEqual(
      o.map((a) => a.name),
      ['summary', 'description', 'runbook_url', 'dashboard', 'zeta'],
    );
    assert.equal(o[2]!.href, 'https://rb/');
    assert.equal(o[4]!.href, null);
  });
});

describe('formatTime follows the locale', () => {
  it('uses the same hour cycle as the OS locale (as the date pickers do)', async () => {
    const { formatTime } = await import('../../renderer/src/lib/format/time.ts');
    const now = Date.parse('2026-11-22T15:04:00Z');
    const iso = new Date(now).toISOString();
    const expected = new Date(now).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
    assert.equal(formatTime(iso, now), expected);
  });
});
