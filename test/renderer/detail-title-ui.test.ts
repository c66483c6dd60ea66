// The detail pane's title, a long alert name, breaks between its words and stays clear of the
// pane's ×: "KubeDeploymentReplicasMismatc" / "h" ran up against it (walk-through). Real
// Alertmanager, browser shell, Chromium at 960×680 (the pane ~340 px wide).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { amSkipReason, makeAlert } from '../support/alertmanager.ts';
import { useAlertmanagerUi } from './support/ui.ts';

const NAME = 'KubeStatefulSetReplicasMismatchBetweenAvailabilityZones';

describe("the detail pane's title", { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [makeAlert({ alertname: NAME, severity: 'warning', instance: 'z1' })],
    viewport: { width: 960, height: 680 },
  });

  it('breaks between words, whole, clear of the ×', async () => {
    const { page } = t;
    await page.locator('[data-testid=alert-row]').first().locator('.age').click();
    const h2 = page.locator('[data-testid=alert-detail] h2');
    await h2.waitFor();
    const facts = await h2.evaluate((el) => {
      const g = globalThis as unknown as {
        document: {
          createRange(): {
            selectNodeContents(n: unknown): void;
            getClientRects(): { length: number };
          };
        };
      };
      // The text nodes, by a stack (no inner named function: the page has no tsx helpers).
      const walker = [] as { textContent: string | null }[];
      const stack = [el as unknown as { nodeType: number; childNodes: ArrayLike<unknown> }];
      while (stack.length > 0) {
        const n = stack.pop()!;
        if (n.nodeType === 3) walker.push(n as unknown as { textContent: string | null });
        else stack.push(...(Array.from(n.childNodes) as (typeof n)[]).reverse());
      }
      const pieces = walker
        .filter((n) => (n.textContent ?? '').trim() !== '')
        .map((n) => {
          const r = g.document.createRange();
          r.selectNodeContents(n);
          return { text: n.textContent ?? '', lines: r.getClientRects().length };
        });
      const css = globalThis as unknown as {
        getComputedStyle(e: unknown): { paddingRight: string };
      };
      const close = el
        .closest('[data-testid=detail-pane]')!
        .querySelector('[data-testid=detail-close]')!;
      const text = el.getBoundingClientRect();
      return {
        pieces,
        whole: el.textContent?.replace(/\s/g, '') ?? '',
        right: text.right - parseFloat(css.getComputedStyle(el).paddingRight),
        closeLeft: close.getBoundingClientRect().left,
      };
    });
    assert.equal(facts.whole, NAME);
    assert.ok(facts.pieces.length > 1, JSON.stringify(facts.pieces));
    for (const p of facts.pieces) assert.equal(p.lines, 1, `"${p.text}" is broken inside`);
    assert.ok(
      facts.right <= facts.closeLeft + 0.5,
      `the title runs under the ×: ${JSON.stringify(facts)}`,
    );
  });
});
