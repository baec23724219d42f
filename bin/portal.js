#!/usr/bin/env node
// Thin launcher: the TypeScript sources run as one bundle made on first use (bin/launch.js), so a fresh `npm ci`
// needs no build step.
import v8 from 'node:v8';
import { loadCli } from './launch.js';

// A command runs for seconds, and V8 spent a quarter of a cold build's CPU optimizing functions that then ran a few
// times (perf: ~1.8 s of the portal's ~7.4 s, on threads the build needs). A function is optimized after more calls
// (the budget ~4.4x V8's 67,584): the portal's cold build took ~12% less CPU, a 600-operation preview ~13% less, the
// 1,000-page corpus no more. Set before any worker starts: the flag is the process's, read by every thread.
v8.setFlagsFromString('--interrupt-budget=300000');

// React's development build renders ~15x slower; the generator always renders for production.
process.env.NODE_ENV ??= 'production';
// Errors thrown by bundled site code (the config, sidebars) point at the file and line the author wrote.
process.setSourceMapsEnabled(true);
const { run } = await loadCli();
process.exitCode = await run(process.argv);
