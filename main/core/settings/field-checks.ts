// zod fields built from the shared field rules (model/field-rules.ts): the bridge refuses with
// the very words the window shows at the field before sending ("At least 5 minutes.").
import { z } from 'zod';
import { numberProblem, tooLongProblem, type NumberRule } from '../model/field-rules.ts';

/** A number checked by `rule`, refused in the rule's words. */
export function ruledNumber(rule: NumberRule) {
  return z.number({ error: 'Enter a number.' }).superRefine((v, ctx) => {
    const problem = numberProblem(v, rule);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

/** A string of at most `max` characters, refused as "`what` is too long: …". */
export function limitedText(what: string, max: number) {
  return z.string().superRefine((v, ctx) => {
    const problem = tooLongProblem(what, v, max);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}
