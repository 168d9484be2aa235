/**
 * @module toolwire
 * The core of toolwire: name envelopes, canonical names, the per-request wire-name map and schema
 * normalisation. Pure and runtime-neutral: it runs in Node, browsers and edge runtimes.
 */

export {
  createToolWireMap,
  type ToolWireMap,
  type ToolWireMapOptions,
} from './core/create-tool-wire-map.js';
export {
  ENVELOPES,
  type Envelope,
  type EnvelopeId,
  type EnvelopeInput,
  resolveEnvelope,
} from './core/envelope.js';
export { fitsEnvelope } from './core/fits-envelope.js';
export { intersectEnvelopes } from './core/intersect-envelopes.js';
export { DEFAULT_SEPARATOR, joinToolName, type ToolNameOptions } from './core/join-tool-name.js';
export { type SplitToolNameResult, splitToolName } from './core/split-tool-name.js';
export {
  ToolwireError,
  type ToolwireErrorCode,
  type ToolwireErrorOptions,
} from './core/toolwire-error.js';
