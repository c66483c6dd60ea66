// File errors as a user reads them, for the messages that name a settings or secrets file and
// say why it could not be read or saved.

const PLAIN: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is exceeded',
  ENOENT: 'the folder does not exist',
  EISDIR: 'a folder is in the way',
  EBUSY: 'the file is in use',
};

/** An error as a user reads it: "permission denied (EACCES)". */
export function plainFileError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code && PLAIN[code]) return `${PLAIN[code]} (${code})`;
  return err instanceof Error ? err.message : String(err);
}
