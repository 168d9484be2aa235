/**
 * The one place the projection reaches the core's wire map.
 * @internal
 */
export { createToolWireMap, type ToolWireMap } from '../create-tool-wire-map.js';
