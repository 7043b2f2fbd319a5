export class StoredFileNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored file under key ${key}`);
    this.name = 'StoredFileNotFoundError';
  }
}
