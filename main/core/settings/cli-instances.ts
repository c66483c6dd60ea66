// Instances given on the browser shell's command line (--instance URL) are watched for that run
// only and never written to the settings file; the window marks them and offers no Remove.

/** Their ids start with this. */
export const CLI_INSTANCE_PREFIX = 'cli-';

export function isCommandLineInstance(id: string): boolean {
  return id.startsWith(CLI_INSTANCE_PREFIX);
}
