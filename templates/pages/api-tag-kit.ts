import { ApiTagPage } from './ApiTagPage.tsx';
import { apiKit } from './api-kit.ts';

/** A tag page's template on top of the API kit, whose chunk holds all it uses (see api-kit.ts). */
export const apiTagKit = { ApiTagPage, apiKit, adoptFromDocument: apiKit.adoptFromDocument };
