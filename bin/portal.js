#!/usr/bin/env node
// Thin launcher: the TypeScript sources run as one bundle made on first use (bin/launch.js), so a fresh `npm ci`
// needs no build step.
import v8 from 'node:v8';
import { loadCli } from './launch.js';

// A command runs for seconds, and V8 spent a quarter of a cold build's CPU optimizing functions that then ran a few
// times (perf: ~1.8 s of the portal's ~7.4 s, on threads the build needs). For its first seconds a function is
// optimized after more calls (the budget ~4.4x V8's): the portal's cold build took ~12% less CPU. A long run needs
// its hot code optimized early: with the high budget throughout, 10,000 operations built in 76-79 s against 68-71 s,
// so V8's own budget (67,584 in Node 20's V8) comes back after FAST_START_MS. The flag is the process's: every
// thread reads it, workers included.
const FAST_START_MS = 5000;
v8.setFlagsFromString('--interrupt-budget=300000');
setTimeout(() => v8.setFlagsFromString('--interrupt-budget=67584'), FAST_START_MS).unref();

// React's development build renders ~15x slower; the generator always renders for production.
process.env.NODE_ENV ??= 'production';
// Errors thrown by bundled site code (the config, sidebars) point at the file and line the author wrote.
process.setSourceMapsEnabled(true);
const { run } = await loadCli();
process.exitCode = await run(process.argv);
