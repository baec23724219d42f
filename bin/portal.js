#!/usr/bin/env node
// Thin launcher: TypeScript sources run through tsx's loader, so a fresh `npm ci` needs no build step.
import { register } from 'tsx/esm/api';

// React's development build renders ~15x slower; the generator always renders for production.
process.env.NODE_ENV ??= 'production';
register();
const { run } = await import('../src/cli.ts');
process.exitCode = await run(process.argv);
