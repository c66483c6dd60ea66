// Where a long identifier may break across lines: between the words of camelCase and after
// `_ - . : /`. The detail pane's title broke "KubeDeploymentReplicasMismatch" anywhere, as
// "…Mismatc" / "h"; it now breaks as "KubeDeploymentReplicas" / "Mismatch". The caller draws a
// <wbr> between the pieces (text only: nothing of the value becomes markup).

/** At most this many pieces: the rest stays one piece (the CSS still breaks it anywhere). */
const MAX_PIECES = 64;

export function wordPieces(text: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (let i = 1; i < text.length && out.length < MAX_PIECES - 1; i++) {
    const prev = text.charCodeAt(i - 1);
    const c = text.charCodeAt(i);
    const lowerThenUpper = prev >= 97 && prev <= 122 && c >= 65 && c <= 90;
    const afterSeparator = '_-.:/'.includes(text[i - 1]!) && !'_-.:/'.includes(text[i]!);
    if (lowerThenUpper || afterSeparator) {
      out.push(text.slice(from, i));
      from = i;
    }
  }
  out.push(text.slice(from));
  return out;
}
