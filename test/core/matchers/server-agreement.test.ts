// The app agrees with a real Alertmanager on what typed matchers mean: for each of 40+ matchers
// over nasty label values, the app's filter result equals the server's `filter=` result (as
// typed, and as the app prints it back), and the preview of a silence with that matcher equals
// what the created silence really suppresses on the server.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { GettableAlert, Matcher, PostableAlert } from '../../../main/core/api/types.ts';
import { matchesAlert } from '../../support/matches.ts';
import { formatMatcher } from '../../../main/core/matchers/format.ts';
import { parseMatcher } from '../../../main/core/matchers/parse.ts';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startAlertmanager,
  waitFor,
  type AmProcess,
} from '../../support/alertmanager.ts';
import { watchCore, type Watched } from '../../faults/support/core.ts';

const VALUES = [
  'plain',
  'UPPER',
  'lower',
  'a"b',
  'back\\slash',
  'C:\\path\\to\\x',
  'tab\\there', // a literal backslash-t
  'tab\there', // a real tab
  'line1\nline2',
  'line1line2',
  'a.b',
  'a*b',
  '(x)',
  'a,b,c',
  '{x}',
  ' padded ',
  'padded',
  '🙂',
  '🙂🙂',
  '漢字',
  'é', // NFC
  'e\u0301', // NFD
  'x|y',
  '[abc]',
  '123',
  '\\xf0\\x9f\\x99\\x82', // literal text
  'zero\u200bwidth',
];

// Typed as a user types them in the filter bar or amtool.
const TYPED = [
  'v="plain"',
  'v=plain',
  'v!="plain"',
  'v=~"[[:alpha:]]+"',
  'v=~"[[:upper:]]+"',
  'v=~".*\\p{Han}.*"',
  'v=~"\\Qa,b,c\\E"',
  'v=~"."',
  'v=~".."',
  'v=~"\\pL"',
  'v=~"(?i)upper"',
  'v=~"(?P<x>a)\\.b"',
  'v="a\\"b"',
  'v="back\\\\slash"',
  'v="C:\\path\\to\\x"',
  'v="tab\\there"',
  'v="line1\\nline2"',
  'v=~"line1.line2"',
  'v=~"(?s)line1.line2"',
  'v=~"a\\.b"',
  'v=~"a.b"',
  'v="a*b"',
  'v=~"a\\*b"',
  'v=~"\\(x\\)"',
  'v="a,b,c"',
  'v=~"\\{x\\}"',
  'v=" padded "',
  'v=~" ?padded ?"',
  'v=padded',
  'v="🙂"',
  'v=~"🙂+"',
  'v="é"',
  'v=~"e\\x{301}"',
  'v=~"x|y"',
  'v="x|y"',
  'v=~"\\[abc\\]"',
  'v=~"[abc]"',
  'v=~"\\d+"',
  'v=~"\\d{3}"',
  'v=""',
  'v!=""',
  'v=~".*"',
  'v!~".+"',
  'v="\\xf0\\x9f\\x99\\x82"',
  'v=~"zero.width"',
  'v=~"zero\\x{200b}width"',
  'v=~"[^[:ascii:]]+"',
];

interface Agreement {
  am: AmProcess;
  w: Watched;
  /** The alerts as the server lists them. */
  serverAlerts: GettableAlert[];
  stop(): Promise<void>;
}

/**
 * A real server holding `alerts` (each named `name`, told apart by an `idx` label) and a core
 * that has seen them all.
 */
async function startAgreement(name: string, alerts: PostableAlert[]): Promise<Agreement> {
  const am = await startAlertmanager();
  await postAlerts(am.url, alerts);
  const serverAlerts = (await (
    await fetch(`${am.url}/api/v2/alerts?filter=${encodeURIComponent(`alertname="${name}"`)}`)
  ).json()) as GettableAlert[];
  assert.equal(serverAlerts.length, alerts.length);
  const w = watchCore({ instances: [{ url: am.url }] });
  await waitFor(
    async () => {
      await w.core.refresh();
      return Object.keys(w.core.snapshot().alerts).length === alerts.length;
    },
    { timeoutMs: 30_000 },
  );
  return {
    am,
    w,
    serverAlerts,
    async stop() {
      await w.stop();
      await am.stop();
    },
  };
}

/** The `idx` of the alerts the server's own `filter=` keeps. */
async function serverFilter(x: Agreement, name: string, text: string): Promise<string[]> {
  const q = new URLSearchParams();
  q.append('filter', `alertname="${name}"`);
  q.append('filter', text);
  const res = await fetch(`${x.am.url}/api/v2/alerts?${q}`);
  assert.equal(res.status, 200, `${text}: ${await res.clone().text()}`);
  return ((await res.json()) as GettableAlert[]).map((a) => a.labels.idx as string).sort();
}

/** The `idx` of the alerts the app's matcher keeps. */
function appFilter(x: Agreement, m: Matcher): string[] {
  return x.serverAlerts
    .filter((a) => matchesAlert([m], a.labels))
    .map((a) => a.labels.idx as string)
    .sort();
}

/**
 * One silence per typed matcher (with `alertname="name"`, which never matches the empty
 * string); each preview must equal what the server then says that silence suppresses.
 */
async function previewsMatchServer(
  x: Agreement,
  name: string,
  typed: readonly string[],
): Promise<void> {
  const clusterId = x.w.core.snapshot().instances.i0!.clusterId;
  const named = parseMatcher(`alertname="${name}"`);
  const now = Date.now();
  const created: { text: string; id: string; preview: string[] }[] = [];
  for (const text of typed) {
    const matchers = [named, parseMatcher(text)];
    const preview = (await x.w.core.silences.preview(clusterId, matchers)).alerts
      .map((a) => a.labels.idx as string)
      .sort();
    const r = await x.w.core.silences.create(clusterId, {
      matchers,
      startsAt: new Date(now).toISOString(),
      endsAt: new Date(now + 3_600_000).toISOString(),
      createdBy: 'agreement-test',
      comment: text,
    });
    created.push({ text, id: r.id, preview });
  }
  const alerts = (await (await fetch(`${x.am.url}/api/v2/alerts`)).json()) as GettableAlert[];
  for (const c of created) {
    const suppressed = alerts
      .filter((a) => a.status.silencedBy.includes(c.id))
      .map((a) => a.labels.idx as string)
      .sort();
    assert.deepEqual(c.preview, suppressed, `preview of ${c.text}`);
  }
}

describe('the app agrees with a real server on typed matchers', { skip: amSkipReason() }, () => {
  let x: Agreement;
  before(async () => {
    x = await startAgreement('Nasty', [
      ...VALUES.map((v, i) => makeAlert({ alertname: 'Nasty', idx: String(i), v })),
      makeAlert({ alertname: 'Nasty', idx: 'none' }),
    ]);
  });
  after(() => x?.stop());

  it(`has at least 40 typed matchers over ${VALUES.length} values`, () => {
    assert.ok(TYPED.length >= 40);
  });

  for (const text of TYPED) {
    it(`filter ${text}`, async () => {
      const m = parseMatcher(text);
      const server = await serverFilter(x, 'Nasty', text);
      assert.deepEqual(appFilter(x, m), server, `as typed: ${text}`);
      // What the app prints reads back the same on the server.
      assert.deepEqual(await serverFilter(x, 'Nasty', formatMatcher(m)), server, formatMatcher(m));
    });
  }

  it('every silence preview equals what the created silence suppresses', () =>
    previewsMatchServer(x, 'Nasty', TYPED));
});

// Label names a plain JavaScript object already has ("constructor", "toString", "__proto__"
// are valid label names). The app once read them from Object.prototype: `constructor=""`
// matched no alert, `constructor=~".+"` threw in the regex engine, and a label named
// "__proto__" was dropped while parsing.
const PROTO_NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];
const PROTO_TYPED = [
  ...PROTO_NAMES.flatMap((n) => [`${n}=""`, `${n}!=""`, `${n}=~".+"`, `${n}!~".*"`, `${n}="x"`]),
  'constructor=~"x|"',
  '__proto__!="x"',
];

describe(
  'the app agrees with a real server on label names objects have',
  { skip: amSkipReason() },
  () => {
    let x: Agreement;
    before(async () => {
      // JSON text, so that "__proto__" is an own label and not an object literal's prototype.
      const labels = (idx: string, name?: string): Record<string, string> =>
        JSON.parse(
          JSON.stringify({ alertname: 'Proto', idx }).slice(0, -1) +
            (name ? `,${JSON.stringify(name)}:"x"}` : '}'),
        ) as Record<string, string>;
      x = await startAgreement('Proto', [
        makeAlert(labels('none')),
        ...PROTO_NAMES.map((n) => makeAlert(labels(n, n))),
      ]);
    });
    after(() => x?.stop());

    it('the core keeps every label, "__proto__" included', () => {
      const alerts = Object.values(x.w.core.snapshot().alerts);
      const a = alerts.find((y) => y.labels.idx === '__proto__')!;
      assert.equal(Object.hasOwn(a.labels, '__proto__'), true);
      assert.equal(a.labels['__proto__'], 'x');
      assert.deepEqual(Object.keys(a.labels).sort(), ['__proto__', 'alertname', 'idx']);
    });

    it('filters equal the server for each matcher', async () => {
      for (const text of PROTO_TYPED) {
        const server = await serverFilter(x, 'Proto', text);
        assert.deepEqual(appFilter(x, parseMatcher(text)), server, `filter ${text}`);
      }
    });

    it('every silence preview equals what the created silence suppresses', () =>
      previewsMatchServer(x, 'Proto', PROTO_TYPED));
  },
);
