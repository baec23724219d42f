import { ApiOperationPage } from './ApiOperationPage.tsx';
import { TableOfContents } from '../shell/Toc.tsx';
import { Sidebar } from '../shell/Sidebar.tsx';
import { Link } from '../shell/Link.tsx';
import { usePreferredVersion } from '../shell/docs-versions.ts';
import { adoptFromDocument } from '../api/adopt.ts';

/**
 * The operation pages' template and everything it uses, for one chunk that every API page loads. The tag and
 * introduction pages take it too (api-tag-kit.ts, api-intro-kit.ts), with their own template on top, which an
 * operation page, the most common and the heaviest, then does not load. Not the page kit: of it, API pages use
 * only the table of contents, which thus gets a chunk of its own (shared with the docs) instead of bringing the
 * docs' templates. The shell's modules: see page-kit.ts. `adoptFromDocument` makes a first visit's page data whole
 * (templates/api/adopt.ts); every API kit has it, for the route modules (src/bundle/route-modules.ts).
 */
export const apiKit = { ApiOperationPage, TableOfContents, Sidebar, Link, usePreferredVersion, adoptFromDocument };
