import type { ApiSecurityScheme } from '../../../../templates/shared/api-model.ts';
import { credentialSlots, type Credential } from '../../../../templates/api/console/credentials.ts';

/** The security schemes the console tests use: bearer, basic, and an API key in each place. */
export const SCHEMES: ApiSecurityScheme[] = [
  { key: 'bearerAuth', type: 'http', scheme: 'bearer', flows: [] },
  { key: 'basicAuth', type: 'http', scheme: 'basic', flows: [] },
  { key: 'headerKey', type: 'apiKey', in: 'header', name: 'X-Api-Key', flows: [] },
  { key: 'queryKey', type: 'apiKey', in: 'query', name: 'api_key', flows: [] },
  { key: 'cookieKey', type: 'apiKey', in: 'cookie', name: 'session', flows: [] },
];

/** The reader's credential for one scheme of SCHEMES. */
export function credential(scheme: string, value: string): Credential {
  const [slot] = credentialSlots([{ scheme, scopes: [] }], SCHEMES);
  if (!slot) throw new Error(`no scheme ${scheme}`);
  return { slot, value };
}

export const bearer = (value: string): Credential[] => [credential('bearerAuth', value)];
