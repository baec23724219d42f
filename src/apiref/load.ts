import type { PortalConfig } from '../config/schema.js';
import { emptyApi, type ApiContribution } from './routes.js';

/** Collect stage for the API reference. Filled in by the API reference work (issue 5). */
export async function loadApiReference(_options: { root: string; config: PortalConfig; override?: string | undefined }): Promise<ApiContribution> {
  return emptyApi;
}
