/**
 * A lean HTTP/1.1 client for open-loop load: keep-alive sockets, one request in flight on each,
 * requests written as one buffer and answers read only as far as their status and length. The load
 * generator shares the server's CPUs on this machine; Node's `http` costs it about 0.4 ms a request
 * and `fetch` 1.1 ms, this about a quarter of `http` — what the server is measured with is then the
 * server's own work. Answers must carry a Content-Length or be chunked (Fastify's do).
 */
import net from 'node:net';

interface Pending {
  request: Buffer;
  started: number;
  resolve: (answer: { status: number; ms: number }) => void;
  reject: (error: Error) => void;
}

interface Connection {
  socket: net.Socket;
  current: Pending | null;
  received: Buffer;
}

const headerEnd = Buffer.from('\r\n\r\n');

/** The whole answer's length in `data`, or -1 while it is incomplete. */
function answerLength(data: Buffer): { length: number; status: number } | null {
  const end = data.indexOf(headerEnd);
  if (end < 0) return null;
  const head = data.subarray(0, end).toString('latin1');
  const status = Number(head.slice(9, 12));
  const contentLength = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (contentLength) {
    const length = end + 4 + Number(contentLength[1]);
    return data.length >= length ? { length, status } : null;
  }
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
    const last = data.indexOf('\r\n0\r\n\r\n', end);
    return last >= 0 ? { length: last + 7, status } : null;
  }
  return { length: end + 4, status };
}

export class KeepAliveClient {
  readonly #idle: Connection[] = [];
  readonly #waiting: Pending[] = [];
  readonly #all = new Set<Connection>();
  readonly #host: string;
  readonly #port: number;
  readonly #maxSockets: number;

  constructor(origin: string, maxSockets = 512) {
    const url = new URL(origin);
    this.#host = url.hostname;
    this.#port = Number(url.port || 80);
    this.#maxSockets = maxSockets;
  }

  /** POSTs `body` (JSON) to `path`: the status and the time from this call to the answer's end. */
  postJson(path: string, headers: Record<string, string>, body: string) {
    const payload = Buffer.from(body);
    const head =
      `POST ${path} HTTP/1.1\r\nhost: ${this.#host}:${this.#port}\r\nconnection: keep-alive\r\n` +
      `content-type: application/json\r\ncontent-length: ${payload.length}\r\n` +
      Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      '\r\n';
    return new Promise<{ status: number; ms: number }>((resolve, reject) => {
      const pending = {
        request: Buffer.concat([Buffer.from(head, 'latin1'), payload]),
        started: performance.now(),
        resolve,
        reject,
      };
      const connection = this.#idle.pop() ?? (this.#all.size < this.#maxSockets ? this.#open() : null);
      if (connection) this.#send(connection, pending);
      else this.#waiting.push(pending);
    });
  }

  close() {
    for (const connection of this.#all) connection.socket.destroy();
  }

  #open(): Connection {
    const socket = net.connect(this.#port, this.#host);
    socket.setNoDelay(true);
    const connection: Connection = { socket, current: null, received: Buffer.alloc(0) };
    this.#all.add(connection);
    socket.on('data', (chunk) => {
      connection.received =
        connection.received.length === 0 ? chunk : Buffer.concat([connection.received, chunk]);
      const answer = answerLength(connection.received);
      if (!answer || !connection.current) return;
      const done = connection.current;
      connection.current = null;
      connection.received = connection.received.subarray(answer.length);
      done.resolve({ status: answer.status, ms: performance.now() - done.started });
      const next = this.#waiting.shift();
      if (next) this.#send(connection, next);
      else this.#idle.push(connection);
    });
    const fail = (error: Error) => {
      this.#all.delete(connection);
      connection.current?.reject(error);
      connection.current = null;
      const index = this.#idle.indexOf(connection);
      if (index >= 0) this.#idle.splice(index, 1);
      // What waited for a socket gets a new one.
      const next = this.#waiting.shift();
      if (next) this.#send(this.#open(), next);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed')));
    return connection;
  }

  #send(connection: Connection, pending: Pending) {
    connection.current = pending;
    connection.socket.write(pending.request);
  }
}
