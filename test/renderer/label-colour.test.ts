// Label colour rules: parsed from the settings field, printed back, and a stable colour per value.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import {
  formatLabelColourRules,
  labelColour,
  parseLabelColourRules,
} from '../../renderer/src/lib/alerts/label-colour.ts';
import { LABEL_COLOURS } from '../../main/core/settings/types.ts';

describe('label colours', () => {
  it('parses a name alone and value=colour lists, and prints them back', () => {
    const text = 'team\nseverity: critical=red, warning=orange';
    const { rules, errors } = parseLabelColourRules(text);
    assert.deepEqual(errors, []);
    assert.deepEqual(rules, { team: {}, severity: { critical: 'red', warning: 'orange' } });
    assert.equal(formatLabelColourRules(rules), text);
  });

  it('names what is wrong', () => {
    const { errors } = parseLabelColourRules('severity: critical=crimson\n: x=red');
    assert.equal(errors.length, 2);
    assert.match(errors[0] ?? '', /line 1: "critical=crimson" should be value=colour/);
    assert.match(errors[1] ?? '', /line 2: a label name comes first/);
  });

  it('gives each value one stable colour, and chosen colours only to listed values', () => {
    const rules = { team: {}, severity: { critical: 'red' as const } };
    const a = labelColour('team', 'payments', rules);
    assert.ok(a && LABEL_COLOURS.includes(a));
    assert.equal(labelColour('team', 'payments', rules), a, 'stable');
    const spread = new Set(
      ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((v) => labelColour('team', v, rules)),
    );
    assert.ok(spread.size >= 4, 'values spread over the palette');
    assert.equal(labelColour('severity', 'critical', rules), 'red');
    assert.equal(labelColour('severity', 'info', rules), undefined);
    assert.equal(labelColour('other', 'x', rules), undefined);
  });
});
