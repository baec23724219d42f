import { ApiIntroPage } from './ApiIntroPage.tsx';
import { apiKit } from './api-kit.ts';

/** The API introduction's template on top of the API kit, whose chunk holds all it uses (see api-kit.ts). */
export const apiIntroKit = { ApiIntroPage, apiKit, adoptFromDocument: apiKit.adoptFromDocument };
