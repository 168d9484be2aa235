import type { EnvelopeInput } from '../../core/envelope.js';
import type {
  ProjectedRequest,
  ProjectionOptions,
} from '../../core/projection/create-request-projection.js';
import type { ProjectionWarning } from '../../core/projection/projection-warning.js';
import type { SchemaTarget } from '../../core/schema/schema-target.js';
import type { WirePath } from './wire-path.js';

export type { ProjectedRequest, ProjectionOptions };

/**
 * A place that holds a tool name: the path to the holder and the holder's fields. `name` defaults
 * to `'name'`; `null` means the value at `at` is the name itself (Gemini's `allowedFunctionNames`).
 * `arguments` is the call's arguments field, JSON text when `text`; `namespace` (Responses) the
 * field of the namespace the name is a member of.
 */
export interface NameSite {
  readonly at: WirePath;
  readonly name?: string | null;
  readonly arguments?: string;
  readonly text?: boolean;
  readonly namespace?: string;
}

/**
 * A name of the tool choice. When it names a tool left out of the request, the name leaves its
 * list (`drop`); when it does not, or leaves the list empty, each `otherwise` path gets its value
 * (no value removes it).
 */
export interface ChoiceSite extends NameSite {
  readonly drop?: boolean;
  readonly otherwise?: readonly { readonly at: WirePath; readonly value?: unknown }[];
}

/** A tool definition inside a tool list (`at` from the list: `['*', 'function']`). */
export interface DeclarationSite {
  readonly at: WirePath;
  /** `jsonSchema`: Gemini's `parametersJsonSchema`. */
  readonly schemas?: readonly { readonly at: WirePath; readonly jsonSchema?: boolean }[];
  /** A schema is projected even when the definition has none (the provider requires one). */
  readonly schemaRequired?: boolean;
  /** The field that asks for OpenAI strict mode. */
  readonly strict?: string;
  /**
   * A definition holding this field goes out as a fresh copy on every request: `@google/genai`
   * assigns the processed `parameters` back onto the declarations it is given.
   */
  readonly copiedWith?: string;
  /** Bedrock rejects an empty description: leave it out. */
  readonly omitEmptyDescription?: boolean;
  /** `self`: a namespace; `parent`: a member of the namespace two steps up the path. */
  readonly namespace?: 'self' | 'parent';
}

/**
 * A list of tool definitions, memoised as one unit (hosts resend it every turn). `switches` puts
 * the request in the format's own mode ({@link WireFormat.switched}); the fields `test` reads are
 * part of the list's fingerprint, so the answer is known once per list.
 */
export interface ToolListSite {
  readonly at: WirePath;
  readonly declarations: readonly DeclarationSite[];
  readonly switches?: {
    readonly reads: readonly string[];
    test(tool: Record<string, unknown>): boolean;
  };
}

/** Where a streamed call's arguments come in pieces, and how the format ends and releases it. */
export interface HeldArguments {
  /** Where a streamed call starts (its name), and the holder's field with a fragment, if any. */
  readonly starts: readonly (NameSite & { readonly fragment?: string })[];
  /** Argument fragments in events of their own; dropped while held. */
  readonly fragments?: readonly NameSite[];
  /** The key (a string or an index) of the call a holder belongs to; `trail[0]` is the event. */
  key(trail: readonly unknown[]): unknown;
  /** The keys of held calls an event ends. */
  ends(event: Record<string, unknown>, held: readonly string[]): readonly unknown[];
  /** The end event's field with the whole arguments text (Responses `.done`), restored in place. */
  readonly whole?: string;
  /** The event that releases a held call's restored arguments (`event`: the end, or the last). */
  release(key: string, text: string, event: Record<string, unknown> | undefined): unknown;
}

/** The stream events of a format. */
export interface StreamFormat {
  /** Whole calls inside an event (a final response, a finished call). */
  readonly calls?: readonly NameSite[];
  /** Calls streamed in pieces, held back while their arguments must be rewritten. */
  readonly hold?: HeldArguments;
  /** Prepares an event before it is read (Chat: tool calls without an `index`). */
  prepare?(event: Record<string, unknown>, state: Map<string, unknown>): Record<string, unknown>;
}

/**
 * One wire format as data: where each kind of tool name sits, and the hooks that are the format's
 * own. `projectWireRequest` derives everything else from it.
 */
export interface WireFormat<TOptions extends ProjectionOptions = ProjectionOptions> {
  /** The request's name in messages (`OpenAI Chat Completions request`), and what to pass. */
  readonly subject: string;
  readonly expected?: string;
  /** The provider's name in warnings (`Anthropic`). */
  readonly provider: string;
  /** Fields that must be arrays, and fields that must be arrays when present. */
  readonly arrays?: readonly string[];
  readonly optionalArrays?: readonly string[];
  readonly envelope: EnvelopeInput;
  schemaTarget(options: TOptions, envelopeId: string): SchemaTarget;
  readonly tools: readonly ToolListSite[];
  /** Names may sit in namespaces, fitted in maps of their own. */
  readonly namespaced?: boolean;
  /** A name offered twice is left out (with a warning): the provider rejects the request. */
  readonly uniqueNames?: boolean;
  readonly choice: readonly ChoiceSite[];
  /** The history field and the name sites of one history item. */
  readonly history: { readonly at: string; readonly sites: readonly NameSite[] };
  readonly response: readonly NameSite[];
  readonly stream: StreamFormat;
  /**
   * The envelope when none is given and a tool list switches the request to the format's own
   * mode, or a history item holds a name at `history` (Anthropic tool search).
   */
  readonly switched?: { readonly envelope: EnvelopeInput; readonly history: NameSite };
  /** Warnings about the request as a whole (Bedrock's required `toolConfig`). */
  check?(request: Record<string, unknown>): ProjectionWarning[];
  /**
   * Rewrites the request before it is projected (Responses `namespaces: true`); `grouped` maps
   * `<namespace>\u0000<member>` to the flat canonical name its calls come back under.
   */
  group?(
    request: Record<string, unknown>,
    options: TOptions,
    separator: string,
  ): { request: Record<string, unknown>; grouped: ReadonlyMap<string, string> } | undefined;
}
