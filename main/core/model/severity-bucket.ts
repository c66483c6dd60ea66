// Severity buckets as people read them. Alerts without the severity label are their own
// bucket, "no severity", kept distinct from a literal label value such as `none` (which is
// shown as it is). One name everywhere: top bar, tray tooltip, menus, summaries, title.

/** The bucket key of alerts that have no severity label (Summary.bySeverity uses it). */
export const NO_SEVERITY = '';

export function severityBucketName(severity: string): string {
  return severity === NO_SEVERITY ? 'no severity' : severity;
}
