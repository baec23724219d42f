// npm runs this after `npm ci` and `npm install` (the package's `prepare` script): the CLI's bundle is made now
// (bin/launch.js), not by the first command, whose first page after `npm start` waited ~2.5 s longer for it on a
// fresh clone. Should bundling fail, the CLI runs from its sources as it would have anyway: never a failed install.
import { loadCli } from './launch.js';

await loadCli().catch(() => undefined);
