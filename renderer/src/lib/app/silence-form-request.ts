// What opens the silence dialog (Navigation holds the open one). A plain module, so pure code
// and its Node tests can name it without loading a runes file.
import type { QuickFrom } from '$core/bridge/contract.ts';
import type { SilenceView } from '$core/model/view.ts';

export type SilenceFormRequest =
  | { mode: 'create'; from?: QuickFrom; clusterId?: string; title?: string }
  | {
      mode: 'edit';
      silence: SilenceView;
      /** Called with the key the server now holds: a matcher change makes a NEW silence. */
      onsaved?: (silenceKey: string) => void;
    };
