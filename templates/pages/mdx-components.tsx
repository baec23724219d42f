import { Link } from '../shell/Link.tsx';

/** Elements MDX content renders through: links get base URL handling and client-side navigation. */
export const mdxComponents = { a: Link };
