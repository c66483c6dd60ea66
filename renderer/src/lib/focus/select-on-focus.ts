// A short field that shows a value the user usually replaces (a silence's duration: "1h"):
// focusing it selects the value, by Tab and by click alike, so typing "2h" gives "2h", not
// "1h2h" and an error. A click places the caret when the button comes up, after focus, so
// that first mouseup is kept from undoing the selection; a later click places the caret.
import type { Attachment } from 'svelte/attachments';

export const selectOnFocus: Attachment<HTMLInputElement> = (input) => {
  let justFocused = false;
  const onFocus = (): void => {
    input.select();
    justFocused = true;
  };
  const onMouseUp = (e: MouseEvent): void => {
    if (justFocused) e.preventDefault();
    justFocused = false;
  };
  const onBlur = (): void => {
    justFocused = false;
  };
  input.addEventListener('focus', onFocus);
  input.addEventListener('mouseup', onMouseUp);
  input.addEventListener('blur', onBlur);
  return () => {
    input.removeEventListener('focus', onFocus);
    input.removeEventListener('mouseup', onMouseUp);
    input.removeEventListener('blur', onBlur);
  };
};
