import { describe, expect, it } from 'vitest';
import { consoleServers } from '../../../src/apiref/routes.ts';
import type { ApiOperation } from '../../../templates/shared/api-model.ts';

const op = (servers: ApiOperation['servers']) => ({ servers }) as ApiOperation;

// issue 19: the servers the request console may call, from the document's and the config's allow-list.
describe('consoleServers', () => {
  const prod = { url: 'https://api.example/v1', variables: [] };
  const sandbox = { url: 'https://api.example/test/', description: { __html: '<p>Sandbox</p>' }, variables: [] };
  const local = { url: 'http://localhost:{port}/v1', variables: [{ name: 'port', default: '8080' }] };

  it('puts the sandbox first and fills server variables with their defaults', () => {
    expect(consoleServers(op([prod, sandbox, local]), undefined)).toEqual([
      'https://api.example/test/',
      'https://api.example/v1',
      'http://localhost:8080/v1',
    ]);
  });

  it('keeps only the servers the config allows, trailing slashes aside', () => {
    expect(consoleServers(op([prod, sandbox]), ['https://api.example/test'])).toEqual(['https://api.example/test/']);
    expect(consoleServers(op([prod]), [])).toEqual([]);
  });

  it('allows a server with variables by the URL the console calls, its defaults put in', () => {
    // The config takes URLs only: `http://localhost:{port}/v1` is not one.
    expect(consoleServers(op([prod, local]), ['http://localhost:8080/v1'])).toEqual(['http://localhost:8080/v1']);
  });
});
