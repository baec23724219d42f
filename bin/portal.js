#!/usr/bin/env node
// Thin launcher: the TypeScript sources run as one bundle made on first use (bin/launch.js), so a fresh `npm ci`
// needs no build step.
import { loadCli } from './launch.js';

// React's development build renders ~15x slower; the generator always renders for production.
process.env.NODE_ENV ??= 'production';
// Errors thrown by bundled site code (the config, sidebars) point at the file and line the author wrote.
process.setSourceMapsEnabled(true);
const { run } = await loadCli();
process.exitCode = await run(process.argv);
