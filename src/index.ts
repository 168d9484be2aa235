/**
 * @module toolwire
 * The core of toolwire: name envelopes, canonical names, the per-request wire-name map and schema
 * normalisation. Pure and runtime-neutral: it runs in Node, browsers and edge runtimes.
 */

export {
  type CheckToolNamesOptions,
  type CheckToolNamesResult,
  checkToolNames,
  type ToolNameCheck,
  type ToolNameEnvelopeCheck,
  type ToolNameInput,
} from './core/check-tool-names.js';
export {
  createToolWireMap,
  type ToolWireMap,
  type ToolWireMapOptions,
} from './core/create-tool-wire-map.js';
export {
  type DeriveToolNameOptions,
  type DeriveToolNameResult,
  deriveToolName,
} from './core/derive-tool-name.js';
export {
  ENVELOPES,
  type Envelope,
  type EnvelopeId,
  type EnvelopeInput,
  resolveEnvelope,
} from './core/envelope.js';
export {
  type EnvelopeFit,
  type EnvelopeRule,
  type EnvelopeViolation,
  explainEnvelopeFit,
} from './core/explain-envelope-fit.js';
export { fitsEnvelope } from './core/fits-envelope.js';
export { intersectEnvelopes } from './core/intersect-envelopes.js';
export { DEFAULT_SEPARATOR, joinToolName, type ToolNameOptions } from './core/join-tool-name.js';
export type { JsonSchema, JsonSchemaObject } from './core/json-schema.js';
export {
  NAMING_PRESETS,
  type NamingPreset,
  type NamingPresetId,
  type NamingPresetInput,
  resolveNamingPreset,
} from './core/naming-preset.js';
export { normalizeInputSchema } from './core/normalize-input-schema.js';
export type { ArgumentNameTools } from './core/projection/argument-names.js';
export {
  createNameResolver,
  type NameResolver,
  type NameResolverOptions,
} from './core/projection/create-name-resolver.js';
export {
  type CreateRequestProjectionOptions,
  createNameCollector,
  createRequestProjection,
  type NameCollector,
  type ProjectedRequest,
  type ProjectionOptions,
  type RequestProjection,
  type ResolvedResponse,
  type ResolvedStreamEvents,
} from './core/projection/create-request-projection.js';
export { type DescribeAliasOptions, describeAlias } from './core/projection/describe-alias.js';
export type { NameResolution, NameResolutionMethod } from './core/projection/name-resolution.js';
export type {
  ProjectionWarning,
  ProjectionWarningCode,
} from './core/projection/projection-warning.js';
export type { WrapCallbacks } from './core/projection/wrap-callbacks.js';
export type { ArgumentMap } from './core/schema/argument-map.js';
export { projectArguments } from './core/schema/project-arguments.js';
export {
  type ProjectInputSchemaOptions,
  type ProjectInputSchemaResult,
  projectInputSchema,
} from './core/schema/project-input-schema.js';
export {
  type ProjectedToolSchema,
  type ProjectToolSchemasOptions,
  type ProjectToolSchemasResult,
  projectToolSchemas,
  type QuarantinedTool,
  type ToolWithSchema,
} from './core/schema/project-tool-schemas.js';
export { restoreArguments } from './core/schema/restore-arguments.js';
export { MAX_SCHEMA_DEPTH } from './core/schema/schema-limits.js';
export { SCHEMA_TARGETS, type SchemaTarget } from './core/schema/schema-target.js';
export type { SchemaWarning, SchemaWarningCode } from './core/schema/schema-warning.js';
export { type SplitToolNameResult, splitToolName } from './core/split-tool-name.js';
export type { ToolIdentity } from './core/tool-identity.js';
export {
  ToolwireError,
  type ToolwireErrorCode,
  type ToolwireErrorOptions,
} from './core/toolwire-error.js';
