// Link templates filled from untrusted labels: encoding, missing labels, non-http results
// and hostile sizes; and which annotations count as runbook and dashboard.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fillLinkTemplate, templateProblem } from '../../renderer/src/lib/links/link-template.ts';
import { alertLinks, commonAnnotations } from '../../renderer/src/lib/links/alert-links.ts';

test('labels and annotations fill in, URL-encoded', () => {
  const url = fillLinkTemplate(
    'https://grafana.example/d/x?var-ns={{ .Labels.namespace }}&q={{.Annotations.summary}}',
    { namespace: 'pay ments&x=1#frag' },
    { summary: 'disk "full" / 100%' },
  );
  assert.equal(
    url,
    'https://grafana.example/d/x?var-ns=pay%20ments%26x%3D1%23frag&q=disk%20%22full%22%20%2F%20100%25',
  );
});

test('a missing label fills in empty (as Alertmanager prints a missing key); other text stays', () => {
  assert.equal(
    fillLinkTemplate('https://l.example/?ns={{ .Labels.nope }}&x={{ .Foo }}', {}, {}),
    'https://l.example/?ns=&x={{%20.Foo%20}}',
  );
  // Inherited names are not labels.
  assert.equal(
    fillLinkTemplate('https://l.example/{{ .Labels.constructor }}', {}, {}),
    'https://l.example/',
  );
});

test('only an http(s) result is a link: a value cannot change the scheme or the host', () => {
  assert.equal(fillLinkTemplate('{{ .Labels.u }}', { u: 'https://evil.example' }, {}), null);
  assert.equal(fillLinkTemplate('javascript:{{ .Labels.a }}', { a: 'alert(1)' }, {}), null);
  // Encoded, "@evil.example/" cannot become userinfo and a host: the result is no URL at all.
  assert.equal(
    fillLinkTemplate('https://ok.example{{ .Labels.a }}', { a: '@evil.example/' }, {}),
    null,
  );
  assert.equal(
    fillLinkTemplate('https://ok.example/{{ .Labels.a }}', { a: '../../admin?x' }, {}),
    'https://ok.example/..%2F..%2Fadmin%3Fx',
  );
});

test('hostile sizes: huge values are clipped, huge templates refused, quickly', () => {
  const big = 'x'.repeat(5_000_000);
  const t0 = performance.now();
  const url = fillLinkTemplate('https://l.example/?a={{ .Labels.a }}', { a: big }, {});
  assert.ok(url && url.length < 2000, 'value clipped to 1024 characters');
  assert.equal(fillLinkTemplate('https://l.example/' + '{{'.repeat(5000), {}, {}), null);
  const many = 'https://l.example/' + '{{ .Labels.a }}'.repeat(130);
  assert.equal(fillLinkTemplate(many, { a: 'é'.repeat(1024) }, {}), null, 'over 8192 chars');
  assert.ok(performance.now() - t0 < 500);
});

test('templateProblem names what is wrong with a template', () => {
  assert.equal(templateProblem({ name: 'G', url: 'https://g.example/{{ .Labels.a }}' }), null);
  assert.match(templateProblem({ name: ' ', url: 'https://g.example' })!, /name/);
  assert.match(templateProblem({ name: 'G', url: 'ftp://g' })!, /http/);
});

test('runbook and dashboard from the usual annotation names; unsafe values are no link', () => {
  const l = alertLinks(
    { alertname: 'A' },
    { runbook: 'https://rb.example/a', grafana_url: 'javascript:alert(1)', dashboard: 'http://d' },
    [{ name: 'Logs', url: 'https://logs.example/?q={{ .Labels.alertname }}' }],
  );
  assert.equal(l.runbook, 'https://rb.example/a');
  assert.equal(l.dashboard, 'http://d/');
  assert.deepEqual(l.templates, [{ name: 'Logs', href: 'https://logs.example/?q=A' }]);
});

test('a group links the annotations all its alerts share', () => {
  const a = { annotations: { runbook_url: 'https://rb/1', summary: 'x' } };
  const b = { annotations: { runbook_url: 'https://rb/1', summary: 'y' } };
  assert.deepEqual(commonAnnotations([a, b]), { runbook_url: 'https://rb/1' });
  assert.deepEqual(commonAnnotations([]), {});
});

test('copy as Markdown: server text cannot add links or formatting; values in code spans', async () => {
  const { alertAsMarkdown, alertAsText, mdCode } =
    await import('../../renderer/src/lib/links/alert-copy.ts');
  const { alertView } = await import('../support/views.ts');
  const a = alertView('fp1', { alertname: 'Disk*Full*', v: 'a`b' }, { severity: '' });
  a.annotations = { summary: '[click](https://evil.example) <img>\nline2' };
  a.startsAt = '2026-01-01T00:00:00.000Z';
  const c = {
    now: Date.parse('2026-01-01T01:00:00Z'),
    where: ['am1'],
    templates: [{ name: 'Logs', url: 'https://l.example/?a={{ .Labels.alertname }}' }],
  };
  const md = alertAsMarkdown(a, c);
  assert.match(md, /^\*\*Disk\\\*Full\\\*\*\*/);
  // Brackets escaped: no link can be made; a URL reads as written (no "evil\.example").
  assert.match(md, /\\\[click\\\]\(https:\/\/evil\.example\) \\<img\\> line2/);
  assert.match(md, /``v="a`b"``/);
  assert.match(md, /\[Logs\]\(<https:\/\/l\.example\/\?a=Disk\*Full\*>\)/);
  assert.match(md, /\*\*Where:\*\* am1/);
  assert.equal(mdCode('`x'), '`` `x ``');
  const text = alertAsText(a, c);
  assert.match(text, /^Disk\*Full\* — /);
  assert.match(text, /Logs: https:\/\/l\.example\/\?a=Disk\*Full\*/);
  assert.ok(!text.includes('\nline2'), 'an annotation stays on its line');
  // What is wrong comes right under the name; a link annotation is listed once, as a link.
  const b = alertView('fp2', { alertname: 'X' }, { severity: '' });
  b.annotations = { runbook_url: 'https://rb.example/X', team: 'db', summary: 'disk full' };
  const lines = alertAsText(b, { ...c, templates: [] }).split('\n');
  assert.equal(lines[1], 'summary: disk full');
  assert.equal(lines.filter((l) => l.includes('https://rb.example/X')).length, 1);
});
