// The official TypeScript SDK v2 client as a machine client of an OAuth-protected MCP server: no token at first, so
// the server's 401 sends it to the Protected Resource Metadata, from there to the authorization server, which
// gives it a token (client_credentials, with the resource indicator); then it calls a tool. Prints one JSON line.
// node oauth-probe.mjs URL CLIENT_ID CLIENT_SECRET EXPECTED_ISSUER
import { Client, ClientCredentialsProvider, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

const [url, clientId, clientSecret, expectedIssuer] = process.argv.slice(2);
const seen = [];
const recording = async (input, init) => {
  const response = await fetch(input, init);
  seen.push(`${init?.method ?? 'GET'} ${String(input)} ${response.status}`);
  return response;
};
const provider = new ClientCredentialsProvider({ clientId, clientSecret, expectedIssuer });
const client = new Client({ name: 'graphiti-oauth-probe', version: '1.0.0' });
await client.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: provider, fetch: recording }));
const call = await client.callTool({ name: 'test_simple_text', arguments: {} });
console.log(JSON.stringify({ call: call.content[0].text, seen, token: provider.tokens()?.access_token ? 'present' : 'absent' }));
await client.close();
