/**
 * What may become a path in the output folder (issue 20 item 2). Route paths come from file names, front matter
 * `slug`/`id`, tags and an OpenAPI document's names; each segment becomes a folder or file name, so one that
 * leaves the site root, that a file system refuses, or that Windows reserves must be stopped before the write.
 */

/** Longest file or folder name the portal writes, in UTF-8 bytes (file systems allow 255). */
export const FILE_NAME_MAX_BYTES = 200;
/** Room kept in a route segment for the `.html` a `trailingSlash: false` site appends. */
const ROUTE_SEGMENT_MAX_BYTES = FILE_NAME_MAX_BYTES - '.html'.length;

// Device names Windows reserves in any folder and with any extension (`nul.html` too).
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Why `p` (a `/`-separated path below the site root) cannot be written, or undefined when it can. */
export function pathProblem(p: string, maxSegmentBytes = FILE_NAME_MAX_BYTES - 1): string | undefined {
  for (const segment of p.split('/')) {
    if (segment === '') continue;
    if (segment === '..' || segment === '.')
      return 'it contains a ".." or "." segment, which would leave its folder (or the site root)';
    if (CONTROL.test(segment)) return 'it contains a control character';
    if (segment.includes('\\')) return 'it contains a backslash';
    if (WINDOWS_RESERVED.test(segment)) return `"${segment.slice(0, 20)}" is a device name Windows reserves`;
    if (Buffer.byteLength(segment) > maxSegmentBytes)
      return `one of its names is ${Buffer.byteLength(segment)} bytes long; the limit is ${maxSegmentBytes}`;
  }
  return undefined;
}

/** pathProblem for a route path, which may still gain `.html` as a file name. */
export const routePathProblem = (routePath: string): string | undefined =>
  pathProblem(routePath, ROUTE_SEGMENT_MAX_BYTES);
