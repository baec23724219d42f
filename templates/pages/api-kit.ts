import { ApiIntroPage } from './ApiIntroPage.tsx';
import { ApiOperationPage } from './ApiOperationPage.tsx';
import { ApiTagPage } from './ApiTagPage.tsx';
import { pageKit } from './page-kit.ts';

/**
 * The API reference's templates, for its route chunks: one shared chunk for all of them, loaded by API pages
 * only. It holds the page kit too, so the modules both kinds of page use stay in that kit's one chunk rather
 * than a chunk of their own (see page-kit.ts).
 */
export const apiKit = { ApiIntroPage, ApiOperationPage, ApiTagPage, pageKit };
