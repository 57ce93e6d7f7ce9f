/**
 * JSON Schemas (draft 2020-12) of the node protocol's two message catalogs,
 * generated from the zod catalogs in node-protocol.ts, for implementers of
 * another executor in another language. docs/node-protocol/ holds the
 * generated files; a test keeps them equal to what this produces.
 */
import { z } from 'zod';
import { controlMessageSchema, NODE_PROTOCOL_VERSION, nodeMessageSchema } from './node-protocol.js';

export interface NodeProtocolSchemas {
  'node-to-control-plane.schema.json': Record<string, unknown>;
  'control-plane-to-node.schema.json': Record<string, unknown>;
}

function toSchema(schema: z.ZodType, id: string, title: string, description: string): Record<string, unknown> {
  return {
    $id: id,
    title,
    description,
    ...z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'throw' }),
  };
}

export function nodeProtocolJsonSchemas(): NodeProtocolSchemas {
  const v = NODE_PROTOCOL_VERSION;
  return {
    'node-to-control-plane.schema.json': toSchema(
      nodeMessageSchema,
      `urn:plume:node-protocol:v${v}:node-to-control-plane`,
      `Plume node protocol v${v}: node → control plane`,
      'One WebSocket text message from an executor (edge node, desktop application) to the control plane. A message that does not validate closes the socket with code 4400.',
    ),
    'control-plane-to-node.schema.json': toSchema(
      controlMessageSchema,
      `urn:plume:node-protocol:v${v}:control-plane-to-node`,
      `Plume node protocol v${v}: control plane → node`,
      'One WebSocket text message from the control plane to an executor. An executor that receives a message it cannot validate closes the socket with code 4400 and reconnects.',
    ),
  };
}
