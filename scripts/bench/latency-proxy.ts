/**
 * A delaying TCP proxy on loopback, for the latency bench (scripts/bench/latency.ts): what a runner sees of a remote
 * tens of milliseconds away.
 *
 * - Round trip: each chunk is delivered `rttMs / 2` after it arrived, in each direction; a new connection's first
 *   bytes wait one more round trip (TCP's handshake), or two with `tls` (TLS 1.3's handshake, as GitHub's HTTPS: one
 *   round trip more; the bytes stay plain).
 * - Bandwidth: each direction of a connection is a link of `bytesPerSec`; a chunk waits for the link to be free, then
 *   takes its size over the bandwidth to cross, then the half round trip.
 * - Counting: connections, bytes each way, and **turns**: a turn is a burst of bytes from the client that follows the
 *   server's (or opens the connection) up to the server's first byte back, a request/response exchange. Every turn and
 *   connect is an interval in time (of this proxy, and of any proxy given the same `clock`); sequentialRoundTrips
 *   counts the longest run of them that happened one after the other: the round trips the client waited for in turn.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface ProxyOptions {
  /** Where the proxy forwards to (loopback). */
  targetPort: number;
  targetHost?: string;
  rttMs: number;
  /** Bytes a second each way of each connection; 0 or Infinity: no cap. */
  bytesPerSec?: number;
  /** Shared by the proxies whose intervals count together (git's and the API's, for one step). */
  clock?: Interval[];
  /** A new connection waits one more round trip, as for TLS 1.3's handshake over TCP's (counted as a second connect). */
  tls?: boolean;
}

export interface Interval {
  kind: 'connect' | 'turn';
  start: number;
  end: number;
}

export interface ProxyStats {
  connections: number;
  turns: number;
  bytesUp: number;
  bytesDown: number;
}

export interface LatencyProxy {
  port: number;
  stats(): ProxyStats;
  close(): Promise<void>;
}

/** Chunks delivered in order at their due times, one timer at a time. */
class DelayLine {
  private readonly queue: Array<{ due: number; chunk: Buffer }> = [];
  private timer: NodeJS.Timeout | undefined;
  private linkFree = 0;
  private ended = false;
  private readonly out: Socket;
  private readonly halfRtt: number;
  private readonly bytesPerSec: number;
  private readonly notBefore: () => number;
  constructor(out: Socket, halfRtt: number, bytesPerSec: number, notBefore: () => number) {
    this.out = out;
    this.halfRtt = halfRtt;
    this.bytesPerSec = bytesPerSec;
    this.notBefore = notBefore;
  }

  push(chunk: Buffer): void {
    const now = performance.now();
    const start = Math.max(now, this.linkFree, this.notBefore());
    this.linkFree = start + (this.bytesPerSec > 0 && Number.isFinite(this.bytesPerSec) ? (chunk.length * 1000) / this.bytesPerSec : 0);
    this.queue.push({ due: this.linkFree + this.halfRtt, chunk });
    this.schedule();
  }

  end(): void {
    this.ended = true;
    this.schedule();
  }

  private schedule(): void {
    if (this.timer) return;
    const next = this.queue[0];
    if (!next) {
      if (this.ended) this.out.end();
      return;
    }
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        const now = performance.now();
        while (this.queue.length > 0 && this.queue[0]!.due <= now + 0.5) this.out.write(this.queue.shift()!.chunk);
        this.schedule();
      },
      Math.max(0, next.due - performance.now()),
    );
  }

  destroy(): void {
    if (this.timer) clearTimeout(this.timer);
    this.queue.length = 0;
  }
}

export function startLatencyProxy(options: ProxyOptions): Promise<LatencyProxy> {
  const stats: ProxyStats = { connections: 0, turns: 0, bytesUp: 0, bytesDown: 0 };
  const intervals = options.clock ?? [];
  const half = options.rttMs / 2;
  const bps = options.bytesPerSec ?? 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    stats.connections++;
    const accepted = performance.now();
    // The handshake: the client's first bytes cross one round trip after it connected (two with TLS).
    const handshakes = options.tls ? 2 : 1;
    const ready = accepted + handshakes * options.rttMs;
    for (let h = 0; h < handshakes; h++) intervals.push({ kind: 'connect', start: accepted + h * options.rttMs, end: accepted + (h + 1) * options.rttMs });
    const upstream = connect(options.targetPort, options.targetHost ?? '127.0.0.1');
    sockets.add(client);
    sockets.add(upstream);
    const up = new DelayLine(upstream, half, bps, () => ready);
    const down = new DelayLine(client, half, bps, () => 0);
    let open: Interval | undefined;
    let last: 'up' | 'down' | undefined;
    client.on('data', (chunk: Buffer) => {
      stats.bytesUp += chunk.length;
      if (last !== 'up') {
        stats.turns++;
        // A turn starts once the handshake is done: the connect and the first request are waited for one after the other.
        open = { kind: 'turn', start: Math.max(performance.now(), ready), end: Infinity };
        intervals.push(open);
      }
      last = 'up';
      up.push(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      stats.bytesDown += chunk.length;
      down.push(chunk);
      if (last === 'up' && open) {
        // The answer's first byte reaches the client half a round trip (and its serialisation) from now.
        open.end = performance.now() + half;
        open = undefined;
      }
      last = 'down';
    });
    const close = (): void => {
      if (open && open.end === Infinity) open.end = performance.now();
      up.destroy();
      down.destroy();
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('end', () => up.end());
    upstream.on('end', () => down.end());
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', () => {
      if (upstream.writableEnded || upstream.destroyed) close();
    });
    upstream.on('close', () => {
      if (client.writableEnded || client.destroyed) close();
    });
  });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (!address || typeof address !== 'object') return reject(new Error('the proxy has no port'));
      resolve({
        port: address.port,
        stats: () => ({ ...stats }),
        close: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

/**
 * The round trips waited for one after the other: the largest number of intervals (connects and turns) of which each
 * starts once the one before it ended (interval scheduling: earliest end first). Two exchanges that overlap count
 * once; a chain of exchanges running beside another counts its own length however the two are offset. A start within
 * `toleranceMs` of the end before it counts as after it (the end is the proxy's estimate of when the answer arrived).
 */
export function sequentialRoundTrips(intervals: readonly Interval[], toleranceMs = 1): number {
  const sorted = intervals.filter((i) => Number.isFinite(i.end)).sort((a, b) => a.end - b.end);
  let count = 0;
  let until = -Infinity;
  for (const i of sorted) {
    if (i.start >= until - toleranceMs) {
      count++;
      until = Math.max(i.end, i.start);
    }
  }
  return count;
}
