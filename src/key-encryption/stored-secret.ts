/** A sealed column's value as one row stores it, with the row's id. */
export interface StoredSecret {
  id: string;
  value: string;
}
