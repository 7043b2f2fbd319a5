/** A key that storage never hands out: refused before it can name anything outside the files directory. */
export class InvalidFileKeyError extends Error {
  constructor(key: string) {
    super(`Not a stored file key: ${JSON.stringify(key.slice(0, 80))}`);
    this.name = 'InvalidFileKeyError';
  }
}
