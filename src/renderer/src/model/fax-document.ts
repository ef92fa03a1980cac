/** A fax document as the Inbox and Outbox hand it over: the file's bytes and what kind of file it is. */
export interface FaxDocument {
  kind: 'pdf' | 'tiff';
  data: Uint8Array;
}
