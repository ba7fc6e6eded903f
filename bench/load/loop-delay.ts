/**
 * Preloaded into the server the load bench starts (`node --import`): the event loop's delay, read and
 * reset over the IPC channel, so the bench can say how long requests waited behind other work.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
const ms = (ns: number) => ns / 1e6;

process.on('message', (message) => {
  if (message === 'loop-delay:reset') return histogram.reset();
  if (message === 'loop-delay:read') {
    process.send?.({ loopDelay: { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) } });
  }
});
// The channel must not keep a server that was told to stop alive.
process.channel?.unref();
