// The load generator of tests/e2e/serve-load.test.ts, run as its own process so that it does not share an
// event loop (or a CPU) with the server it measures (issue 8). Prints one JSON line with the results.
//   node load-client.mjs <origin> <seconds> <connections> <path>...
import autocannon from 'autocannon';

const [url, seconds, connections, ...paths] = process.argv.slice(2);
const result = await autocannon({
  url,
  duration: Number(seconds),
  connections: Number(connections),
  // Each connection cycles through the paths in order.
  requests: paths.map((path) => ({ method: 'GET', path })),
});
process.stdout.write(
  `${JSON.stringify({
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    resets: result.resets,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count])),
  })}\n`,
);
