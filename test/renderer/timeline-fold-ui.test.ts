// The Timeline folds routine repeats into one line (issue 30, a story, not a log): an
// acknowledgement extended again and again (as the app renews its acks every few minutes) is
// one line "Acknowledgement kept: N renewals since <time>", not N "silence edited" lines; an
// ordinary silence edited twice is one line too; firings are never folded. Real Alertmanager
// (the silence is updated in place through its API, as a renewal is), the real core with a
// history file, the browser shell, Chromium. Before, each renewal was its own line.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert } from '../support/alertmanager.ts';
import { postSilence } from '../support/post-silence.ts';
import { waitFor } from '../support/wait.ts';
import { useAlertmanagerUi } from './support/ui.ts';

const dir = mkdtempSync(join(tmpdir(), 'amtray-timeline-fold-'));

/** Extends a silence in place (same id, new end), as the app renews an ack. */
async function extend(url: string, id: string, byMs: number): Promise<void> {
  const base = url.replace(/\/+$/, '');
  const got = (await (await fetch(`${base}/api/v2/silence/${id}`)).json()) as {
    matchers: unknown;
    startsAt: string;
    endsAt: string;
    createdBy: string;
    comment: string;
  };
  const res = await fetch(`${base}/api/v2/silences`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      id,
      matchers: got.matchers,
      startsAt: got.startsAt,
      endsAt: new Date(Date.parse(got.endsAt) + byMs).toISOString(),
      createdBy: got.createdBy,
      comment: got.comment,
    }),
  });
  const body = (await res.json()) as { silenceID: string };
  assert.equal(res.status, 200);
  assert.equal(body.silenceID, id, 'updated in place');
}

describe('timeline folds repeats', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [
      makeAlert({ alertname: 'FoldDiskFull', severity: 'critical', node: 'n1' }),
      makeAlert({ alertname: 'FoldCpuHigh', severity: 'warning', node: 'n2' }),
    ],
    historyPath: join(dir, 'history.sqlite'),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  });
  let page: Page;
  const edited = () =>
    page.locator('section[aria-label=Events] li.record[data-kind=silence-edited]');

  before(async () => {
    page = t.page;
    await page.locator('button[data-view=timeline]').click();
  });

  it('an acknowledgement renewed four times is one line that says so', async () => {
    const ack = await postSilence(
      t.am.url,
      [{ name: 'alertname', value: 'FoldDiskFull', isRegex: false, isEqual: true }],
      'ACK! on it [tray-ack:abc]',
    );
    const plain = await postSilence(
      t.am.url,
      [{ name: 'alertname', value: 'FoldCpuHigh', isRegex: false, isEqual: true }],
      'noisy during the migration',
    );
    // Created lines first (the core saw them), then renewals one poll (2 s) apart.
    await page
      .locator('section[aria-label=Events] li.record[data-kind=silence-created]')
      .nth(1)
      .waitFor({ timeout: 15_000 });
    for (let i = 0; i < 4; i++) {
      await extend(t.am.url, ack, 60_000);
      if (i < 2) await extend(t.am.url, plain, 60_000);
      await page.waitForTimeout(2_600);
    }
    const ackLine = edited().filter({ hasText: 'Acknowledgement' });
    await waitFor(async () => /kept: 4 renewals since/.test((await ackLine.textContent()) ?? ''), {
      timeoutMs: 15_000,
      message: 'the ack line counts four renewals',
    });
    const text = (await ackLine.textContent()) ?? '';
    assert.match(text, /Acknowledgement\s*kept: 4 renewals since \S/);
    // One line for the ack, one for the other silence: six edits, two lines.
    await waitFor(async () => (await edited().count()) === 2, { message: 'two lines' });
    const plainLine = edited().filter({ hasNotText: 'Acknowledgement' });
    assert.match((await plainLine.textContent()) ?? '', /A silence\s*edited 2 times since/);
    // Firings are never folded: both alerts keep their own first-seen line.
    assert.equal(
      await page.locator('section[aria-label=Events] li.record[data-kind=first-seen]').count(),
      2,
    );
    await page.screenshot({ path: '/tmp/timeline-fold.png' });
  });
});
