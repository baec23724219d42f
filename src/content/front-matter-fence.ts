/**
 * The front matter block: `---` lines around YAML at the very start of the file. A module of its own, without the
 * schema's package (zod), which a build whose config and pages all come from caches then does not load.
 */
export const FRONT_MATTER_FENCE = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
