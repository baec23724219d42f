/**
 * The console's credentials (issue 19): what it asks for each security scheme of the requirement the reader
 * chose, and where a request carries each one. The build's code samples send the same places
 * (src/apiref/code-samples.ts); this is the reader's side of it.
 */
import type { ApiSecurityRequirement, ApiSecurityScheme } from '../../shared/api-model.ts';

/** One credential the console asks for. */
export interface CredentialSlot {
  /** The scheme's key in `components.securitySchemes`. */
  scheme: string;
  /** `token`: `Authorization: <prefix> <value>`; `basic`: a username and password; `apiKey`: a named value. */
  kind: 'token' | 'basic' | 'apiKey';
  /** The Authorization scheme word of a token: `Bearer`, or an http scheme's own. */
  prefix: string;
  /** Where an API key goes, and its name there. */
  in: 'header' | 'query' | 'cookie';
  name: string;
  /** The field's label: `Bearer token`, `API key (X-Api-Key header)`, `Username and password`. */
  label: string;
}

/** A slot and what the reader typed: for `basic`, `username:password`. */
export interface Credential {
  slot: CredentialSlot;
  value: string;
}

const capitalise = (s: string): string => `${s[0]?.toUpperCase() ?? ''}${s.slice(1).toLowerCase()}`;

/**
 * The slots of one requirement (all its schemes apply together). A scheme the page does not describe, or one a
 * browser handles by itself (mutual TLS), asks for nothing.
 */
export function credentialSlots(
  requirement: ApiSecurityRequirement,
  schemes: readonly ApiSecurityScheme[],
): CredentialSlot[] {
  return requirement.flatMap(({ scheme: key }): CredentialSlot[] => {
    const s = schemes.find((x) => x.key === key);
    if (!s) return [];
    const base = { scheme: key, prefix: 'Bearer', in: 'header' as const, name: 'Authorization' };
    if (s.type === 'http' && s.scheme?.toLowerCase() === 'basic')
      return [{ ...base, kind: 'basic', prefix: 'Basic', label: 'Username and password' }];
    if (s.type === 'http') {
      const prefix = s.scheme ? capitalise(s.scheme) : 'Bearer';
      return [{ ...base, kind: 'token', prefix, label: `${prefix} token` }];
    }
    if (s.type === 'oauth2' || s.type === 'openIdConnect')
      return [{ ...base, kind: 'token', label: 'Access token (Bearer)' }];
    if (s.type === 'apiKey' && s.name && (s.in === 'header' || s.in === 'query' || s.in === 'cookie'))
      return [{ ...base, kind: 'apiKey', in: s.in, name: s.name, label: `API key (${s.name} ${s.in})` }];
    return [];
  });
}

/**
 * The credential an operation whose security schemes the page does not describe gets in the code samples: no
 * field asks for it, so the samples show the build's own `Authorization: Bearer <token>`.
 */
export const UNDESCRIBED_CREDENTIAL: Credential = {
  slot: { scheme: '', kind: 'token', prefix: 'Bearer', in: 'header', name: 'Authorization', label: '' },
  value: '',
};

/** How a requirement reads in the console's choice of credentials: `bearerAuth + apiKey`, or `None`. */
export const requirementLabel = (requirement: ApiSecurityRequirement): string =>
  requirement.length === 0 ? 'None' : requirement.map((r) => r.scheme).join(' + ');

/** Whether an operation can be called with no credential at all (no requirement, or an empty alternative). */
export const credentialsOptional = (security: readonly ApiSecurityRequirement[]): boolean =>
  security.length === 0 || security.some((r) => r.length === 0);

/** The problem with a credential the reader left out, or undefined. */
export function missingCredential(c: Credential): string | undefined {
  if (c.slot.kind === 'basic') return (c.value.split(':')[0] ?? '') === '' ? 'needs a username' : undefined;
  if (c.value.trim() !== '') return undefined;
  return c.slot.kind === 'apiKey' ? `needs an API key (${c.slot.name})` : 'needs a token';
}

export interface PlacedCredentials {
  headers: Array<[string, string]>;
  query: Array<[string, string]>;
  cookies: Array<[string, string]>;
}

/**
 * Where each credential goes. With `placeholders`, one left empty shows as the build's samples show it
 * (`<token>`), for code the reader copies; without, it is left out of the request.
 */
export function placeCredentials(credentials: readonly Credential[], placeholders: boolean): PlacedCredentials {
  const placed: PlacedCredentials = { headers: [], query: [], cookies: [] };
  for (const { slot, value } of credentials) {
    const missing = missingCredential({ slot, value }) !== undefined;
    if (missing && !placeholders) continue;
    if (slot.kind === 'basic')
      placed.headers.push(['Authorization', `Basic ${missing ? '<base64 of username:password>' : base64(value)}`]);
    else if (slot.kind === 'token')
      placed.headers.push(['Authorization', `${slot.prefix} ${missing ? '<token>' : value.trim()}`]);
    else {
      const v = missing ? '<api key>' : value.trim();
      (slot.in === 'header' ? placed.headers : slot.in === 'query' ? placed.query : placed.cookies).push([
        slot.name,
        v,
      ]);
    }
  }
  return placed;
}

/** Base64 of the UTF-8 bytes, as HTTP Basic wants for a name or password beyond ASCII. */
function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
