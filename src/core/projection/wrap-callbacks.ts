import type { NameResolution } from './name-resolution.js';
import type { ProjectionWarning } from './projection-warning.js';

/**
 * Callbacks every `wrap<Provider>` wrapper (and the AI SDK middleware) takes.
 *
 * @example
 * ```ts
 * const client = wrapOpenAI(new OpenAI(), { onWarnings: (warnings) => console.warn(warnings) });
 * ```
 */
export interface WrapCallbacks {
  /** Called with the warnings of each projected request that has any. */
  onWarnings?: (warnings: ProjectionWarning[]) => void;
  /** Called with how the names of each response (or stream event) were resolved. */
  onResolutions?: (resolutions: NameResolution[]) => void;
}
