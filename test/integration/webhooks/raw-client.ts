/**
 * A webhook sender on a bare net.Socket, for what an HTTP client library would not do: send headers
 * a byte at a time, stop halfway through a body, half-close, and tell a reset from an answer.
 */
import net from 'node:net';

export interface RawResult {
  /** Everything the receiver sent. */
  text: string;
  /** The status of the answer, or null when none came (reset or closed without a word). */
  status: number | null;
  /** The socket error seen (ECONNRESET, EPIPE…), null when the connection ended cleanly. */
  error: string | null;
}

export class RawClient {
  private text = '';
  private error: string | null = null;
  private dribbling: NodeJS.Timeout | null = null;
  /**
   * Go on sending after the receiver has answered and closed its side (as a client that reads only once
   * it has sent its whole request does); otherwise the client closes its side when the receiver does.
   */
  keepSending = false;
  readonly closed: Promise<RawResult>;

  private constructor(readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => (this.text += chunk.toString('latin1')));
    socket.on('error', (error: NodeJS.ErrnoException) => (this.error ??= error.code ?? error.message));
    socket.on('end', () => {
      if (!this.keepSending) socket.end();
    });
    this.closed = new Promise((resolve) =>
      socket.once('close', () => {
        if (this.dribbling) clearInterval(this.dribbling);
        const status = /^HTTP\/1\.1 (\d{3}) /.exec(this.text)?.[1];
        resolve({ text: this.text, status: status ? Number(status) : null, error: this.error });
      }),
    );
  }

  static connect(port: number): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      // Half-open allowed: the receiver closing its side does not stop this client's writes (see keepSending).
      const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
      socket.once('connect', () => resolve(new RawClient(socket)));
      socket.once('error', reject);
    });
  }

  /** The status line has arrived. */
  get answered(): boolean {
    return /^HTTP\/1\.1 \d{3} /.test(this.text);
  }

  /** Writes and waits until the bytes are handed to the OS (or the write failed). */
  write(data: string | Buffer): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.destroyed || this.socket.writableEnded) return resolve();
      this.socket.write(data, () => resolve());
    });
  }

  /** Sends `data` one byte every `everyMs` (a slow client), until it is all sent or the connection closes. */
  dribble(data: string, everyMs: number): void {
    let at = 0;
    this.dribbling = setInterval(() => {
      if (at >= data.length || this.socket.destroyed || !this.socket.writable) {
        if (this.dribbling) clearInterval(this.dribbling);
        return;
      }
      this.socket.write(data[at++]!);
    }, everyMs);
  }

  /** Half-closes: no more bytes from here; the answer can still come. */
  end(): void {
    this.socket.end();
  }

  destroy(): void {
    this.socket.destroy();
  }
}

export const WEBHOOK_PATH = '/faxdesk/webhooks';

/** The request head of a delivery (Connection: close, so the receiver ends the connection after answering). */
export function head(options: { contentLength?: number; signature?: string; chunked?: boolean } = {}): string {
  const lines = [`POST ${WEBHOOK_PATH} HTTP/1.1`, 'Host: receiver.test', 'Content-Type: application/json', 'Connection: close'];
  if (options.chunked) lines.push('Transfer-Encoding: chunked');
  else if (options.contentLength !== undefined) lines.push(`Content-Length: ${options.contentLength}`);
  if (options.signature) lines.push(`X-HMAC-Signature: ${options.signature}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** One whole delivery on a connection of its own; resolves with how it ended. */
export async function deliver(port: number, body: string, signature: string): Promise<RawResult> {
  let client: RawClient;
  try {
    client = await RawClient.connect(port);
  } catch (error) {
    return { text: '', status: null, error: (error as NodeJS.ErrnoException).code ?? String(error) };
  }
  await client.write(head({ contentLength: Buffer.byteLength(body), signature }) + body);
  return client.closed;
}
