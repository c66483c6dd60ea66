// Client-side validation of a silence draft, mirroring the server's 400s so the form can show
// field errors before a round trip ("at least one matcher must not match the empty string",
// "end time can't be in the past", start before end).
import type { SilenceDraft } from '../service.ts';
import { matchesEmpty } from '../matchers/evaluate.ts';
import { silenceRegexError } from '../matchers/regex.ts';

export interface FieldError {
  /** `matchers`, `matchers.2.name`, `matchers.2.value`, `startsAt`, `endsAt`, `createdBy`, `comment`. */
  field: string;
  message: string;
}

export interface ValidateOptions {
  /** Default true. */
  requireComment?: boolean;
  /** Epoch ms used for "not in the past"; default Date.now(). */
  now?: number;
}

export function validateDraft(draft: SilenceDraft, opts: ValidateOptions = {}): FieldError[] {
  const errors: FieldError[] = [];
  const requireComment = opts.requireComment ?? true;
  const now = opts.now ?? Date.now();

  if (draft.matchers.length === 0) {
    errors.push({ field: 'matchers', message: 'add at least one matcher' });
  }
  let regexOk = true;
  draft.matchers.forEach((m, i) => {
    if (m.name.trim() === '') {
      errors.push({ field: `matchers.${i}.name`, message: 'label name required' });
    }
    // As the server checks a silence's regex (unanchored), so the words are the server's.
    const regexError = m.isRegex ? silenceRegexError(m.value) : undefined;
    if (regexError !== undefined) {
      regexOk = false;
      errors.push({ field: `matchers.${i}.value`, message: `invalid regex: ${regexError}` });
    }
  });
  if (draft.matchers.length > 0 && regexOk && draft.matchers.every((m) => matchesEmpty(m))) {
    errors.push({
      field: 'matchers',
      message: 'at least one matcher must not match the empty string (it would silence everything)',
    });
  }

  const start = Date.parse(draft.startsAt);
  const end = Date.parse(draft.endsAt);
  if (Number.isNaN(start)) errors.push({ field: 'startsAt', message: 'invalid start time' });
  if (Number.isNaN(end)) {
    errors.push({ field: 'endsAt', message: 'invalid end time' });
  } else if (end <= now) {
    errors.push({ field: 'endsAt', message: "end time can't be in the past" });
  } else if (!Number.isNaN(start) && end <= start) {
    errors.push({ field: 'endsAt', message: 'end time must be after the start time' });
  }

  if (draft.createdBy.trim() === '')
    errors.push({ field: 'createdBy', message: 'author required' });
  if (requireComment && draft.comment.trim() === '') {
    errors.push({ field: 'comment', message: 'comment required' });
  }
  return errors;
}
