/** The file is not a history file this version can use (newer schema, not SQLite, in use). */
export class HistoryFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HistoryFileError';
  }
}
