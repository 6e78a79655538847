/**
 * The latency bench's proxy (scripts/bench/latency-proxy.ts): it delays, and it counts connections, turns and the
 * round trips waited for one after the other. Real sockets on loopback; only lower bounds on time are asserted (a
 * delay is a minimum, a loaded machine only adds to it).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { sequentialRoundTrips, startLatencyProxy, type Interval, type LatencyProxy } from '../../scripts/bench/latency-proxy.ts';

let echo: Server | undefined;
let proxy: LatencyProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  await new Promise<void>((done) => (echo ? echo.close(() => done()) : done()));
  echo = proxy = undefined;
});

/** A server that answers each chunk with the same bytes. */
async function startEcho(): Promise<number> {
  echo = createServer((s) => s.on('data', (d) => s.write(d)));
  await new Promise<void>((done) => echo!.listen(0, '127.0.0.1', () => done()));
  return (echo.address() as { port: number }).port;
}

/** Sends each message and waits for its echo before the next one; returns the milliseconds it took. */
async function exchange(port: number, messages: string[]): Promise<number> {
  const t0 = performance.now();
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise<void>((done) => socket.once('connect', () => done()));
  for (const m of messages) {
    const back = new Promise<string>((done) => {
      let got = '';
      const on = (d: Buffer): void => {
        got += d.toString();
        if (got.length >= m.length) {
          socket.off('data', on);
          done(got);
        }
      };
      socket.on('data', on);
    });
    socket.write(m);
    expect(await back).toBe(m);
  }
  socket.end();
  return performance.now() - t0;
}

describe('startLatencyProxy', () => {
  it('delays each exchange by a round trip and the connection by one more, and counts them', async () => {
    const clock: Interval[] = [];
    proxy = await startLatencyProxy({ targetPort: await startEcho(), rttMs: 40, clock });
    const ms = await exchange(proxy.port, ['one', 'two', 'three']);
    // The handshake and three request/response turns, one after the other.
    expect(ms).toBeGreaterThanOrEqual(4 * 40 - 5);
    expect(proxy.stats()).toMatchObject({ connections: 1, turns: 3, bytesUp: 11, bytesDown: 11 });
    expect(sequentialRoundTrips(clock)).toBe(4);
  });

  it('with tls, makes a new connection wait two round trips (TCP and TLS 1.3 handshakes) and counts both', async () => {
    const clock: Interval[] = [];
    proxy = await startLatencyProxy({ targetPort: await startEcho(), rttMs: 40, clock, tls: true });
    const ms = await exchange(proxy.port, ['one', 'two']);
    expect(ms).toBeGreaterThanOrEqual(4 * 40 - 5);
    expect(proxy.stats()).toMatchObject({ connections: 1, turns: 2 });
    expect(clock.filter((i) => i.kind === 'connect')).toHaveLength(2);
    expect(sequentialRoundTrips(clock)).toBe(4);
  });

  it('counts two connections used side by side as the round trips of one', async () => {
    const clock: Interval[] = [];
    proxy = await startLatencyProxy({ targetPort: await startEcho(), rttMs: 60, clock });
    await Promise.all([exchange(proxy.port, ['a', 'b']), exchange(proxy.port, ['c', 'd'])]);
    expect(proxy.stats()).toMatchObject({ connections: 2, turns: 4 });
    expect(sequentialRoundTrips(clock)).toBe(3);
  });

  it('caps the bandwidth: 200 kB at 1 MB/s take at least 200 ms to cross', async () => {
    proxy = await startLatencyProxy({ targetPort: await startEcho(), rttMs: 0, bytesPerSec: 1_000_000 });
    const ms = await exchange(proxy.port, ['x'.repeat(200_000)]);
    // The echo streams back while the rest goes up: at least the 200 ms one way takes.
    expect(ms).toBeGreaterThanOrEqual(195);
    expect(proxy.stats().bytesUp).toBe(200_000);
  });
});

describe('sequentialRoundTrips', () => {
  it('counts the longest run of intervals one after the other', () => {
    const i = (start: number, end: number): Interval => ({ kind: 'turn', start, end });
    expect(sequentialRoundTrips([])).toBe(0);
    expect(sequentialRoundTrips([i(0, 10), i(10, 20), i(20, 30)])).toBe(3);
    // Overlapping exchanges count once.
    expect(sequentialRoundTrips([i(0, 10), i(5, 15), i(40, 50)])).toBe(2);
    expect(sequentialRoundTrips([i(40, 50), i(0, 100)])).toBe(1);
    // Two chains of three side by side, offset by a few ms: three, not one merged blob nor six.
    expect(sequentialRoundTrips([i(0, 10), i(10, 20), i(20, 30), i(3, 13), i(13, 23), i(23, 33)])).toBe(3);
    // A turn never answered (its end unknown) is not counted.
    expect(sequentialRoundTrips([i(0, 10), i(20, Infinity)])).toBe(1);
  });
});
