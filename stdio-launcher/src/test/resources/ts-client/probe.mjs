// One connection of the official TypeScript SDK v2 client (@modelcontextprotocol/client) to a server,
// in the negotiation mode asked for; prints what it negotiated and saw as one JSON line.
// node probe.mjs MODE http URL            MODE: auto | legacy | a pinned version such as 2026-07-28
// node probe.mjs MODE stdio COMMAND ARG...
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const [mode, kind, ...target] = process.argv.slice(2);
const negotiation = mode === 'auto' || mode === 'legacy' ? mode : { pin: mode };
const client = new Client({ name: 'graphiti-probe', version: '1.0.0' }, { versionNegotiation: { mode: negotiation } });
const transport = kind === 'http'
  ? new StreamableHTTPClientTransport(new URL(target[0]))
  : new StdioClientTransport({ command: target[0], args: target.slice(1), stderr: 'ignore' });
await client.connect(transport);
const tools = await client.listTools();
const call = await client.callTool({ name: 'test_simple_text', arguments: {} });
const read = await client.readResource({ uri: 'test://static-text' });
console.log(JSON.stringify({
  era: client.getProtocolEra(),
  version: client.getNegotiatedProtocolVersion(),
  server: client.getServerVersion()?.name,
  tools: tools.tools.map((t) => t.name),
  call: call.content[0].text,
  read: read.contents[0].text
}));
await client.close();
