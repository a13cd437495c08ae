/**
 * Where uploaded and attached files live. Keys are relative paths ("uploads/demo/Xy…z.png"); the storage answers the
 * URL clients load them from. The local implementation writes under ${DATA_DIR}/files (served at /files/); an
 * object store would implement the same calls.
 */
export interface FileStorage {
  /** writes the whole buffer under key (atomically: readers never see a partial file) and answers its URL */
  put(key: string, data: Buffer): Promise<string>
  /** removes the file of a key; missing files are fine */
  remove(key: string): Promise<void>
  /** the URL of a key (no I/O) */
  urlOf(key: string): string
  /** the whole file of a URL this storage answered (e-mail attachments, domain/notify/send.ts); null when it is not one */
  readUrl(url: string): Promise<Buffer | null>
  /** free space (bytes) on the disk the files go to, for the upload floor (domain/upload/policy.ts); null when the
   *  storage is not a local disk (an object store has no such limit) */
  freeBytes(): Promise<number | null>
}
