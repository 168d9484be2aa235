/**
 * The one place the projection reaches the core's wire map. Until `createToolWireMap` lands on
 * main this points at an interim implementation of the same contract.
 * @internal
 */
export {
  createInterimToolWireMap as createToolWireMap,
  type ToolWireMap,
} from './interim-tool-wire-map.js';
