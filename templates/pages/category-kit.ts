import { CategoryPage } from './CategoryPage.tsx';
import { Sidebar } from '../shell/Sidebar.tsx';
import { Link } from '../shell/Link.tsx';
import { usePreferredVersion } from '../shell/docs-versions.ts';

/** The template alone, not the page kit, plus the shell's modules the page kit reaches (see page-kit.ts). */
export const categoryKit = { CategoryPage, Sidebar, Link, usePreferredVersion };
