// A single-key shortcut that cannot act says so instead of doing nothing: on call at 3 a.m.
// a key that silently does nothing reads as "the app is stuck". Each answer says why and what
// to do instead (select a row first, go to the view the key belongs to, make a template).
// Shown as a toast: announced, never taking focus.
import type { Flash } from './notifications.svelte.ts';
import type { ViewName } from './navigation.svelte.ts';

/** What each alert-list key does, in the words of the answer ("to open its runbook"). */
const ALERT_KEYS: Record<string, string> = {
  s: 'silence it',
  a: 'acknowledge it',
  o: 'open its runbook',
  c: 'copy it',
  C: 'copy it as Markdown',
  x: 'add it to the selection',
  e: 'expand every group',
  E: 'collapse every group',
};

/** Whether `key` is one of the alert list's own keys. */
export function isAlertListKey(key: string): boolean {
  return Object.hasOwn(ALERT_KEYS, key);
}

/** `key` pressed with no row selected in the alert list. */
export function nothingSelected(key: string): Flash {
  return {
    title: `${key}: select an alert first`,
    body: `Move to one with j/k (or click it), then ${key} to ${ALERT_KEYS[key] ?? 'act on it'}.`,
  };
}

/** `key` pressed on a section row (group by a label): it stands for several groups. */
export function onSection(key: string): Flash {
  return {
    title: `${key}: select a group or an alert`,
    body: 'A section holds several groups: → opens it, j moves to its first group.',
  };
}

/** `key` pressed with nothing in the list. */
export function emptyList(key: string): Flash {
  return { title: `${key}: no group in the list`, body: 'Nothing shown: check the filter.' };
}

/** An alert-list key pressed in another view. */
export function elsewhere(key: string, view: ViewName): Flash {
  return {
    title: `${key} works in Alerts`,
    body: `Not in ${view[0]!.toUpperCase()}${view.slice(1)}: press 1 for Alerts, ? for every key.`,
  };
}

/** `t` with no silence template. */
export const NO_TEMPLATES: Flash = {
  title: 't: no silence template yet',
  body: 'Make one: New silence…, then “Save as template” at the bottom of the form.',
};
