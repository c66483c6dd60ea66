// Silences: matcher semantics, quick-silence matchers and drafts, validation, preview, and
// the actions that write silences to a cluster.
export {
  matchesEmpty,
  matchesValue,
  matcherRegexError,
  type MatcherInput,
} from '../matchers/evaluate.ts';
export {
  buildDraft,
  durationPresets,
  escapeRegex,
  quickMatchersForAlert,
  quickMatchersForGroup,
  type DraftInput,
  type DurationPreset,
} from './quick.ts';
export { validateDraft, type FieldError, type ValidateOptions } from './validate.ts';
export { previewSilence } from './preview.ts';
export {
  isRetryableOnOtherMember,
  SilenceActions,
  SilenceValidationError,
  SilenceWriteError,
  type ClusterMember,
  type SilenceAccessor,
  type SilenceActionsOptions,
  type SilenceClient,
  type DuplicateNotice,
  TWIN_WATCH_MS,
} from './actions.ts';
export { parseSilenceKey, silenceKeyOf } from '../model/keys.ts';
