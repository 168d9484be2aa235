import type { EnvelopeInput } from '../../core/envelope.js';
import type {
  ProjectedRequest,
  ProjectionOptions,
} from '../../core/projection/create-request-projection.js';
import type { ProjectionWarning } from '../../core/projection/projection-warning.js';
import type { SchemaTarget } from '../../core/schema/schema-target.js';
import type { WirePath } from './wire-path.js';

// What an adapter declares of itself, beside its format.
export type { ProjectedRequest, ProjectionOptions };

/**
 * A place that holds a tool name: the path from the root (request, history item, response, stream
 * event) to the holder, and the holder's fields. `name` defaults to `'name'`; `null` means the
 * value at `at` is the name itself (a string in a list, as Gemini's `allowedFunctionNames`).
 */
export interface NameSite {
  readonly at: WirePath;
  readonly name?: string | null;
  /** The call's arguments, as JSON text (`text`, OpenAI) or as an object. */
  readonly arguments?: string;
  readonly text?: boolean;
  /** A namespace (Responses): the name is then a member of it. */
  readonly namespace?: string;
}

/**
 * A name of the tool choice, and what becomes of the choice when it names a tool left out of the
 * request: the name leaves its list (`drop`), and when it does not, or leaves the list empty, the
 * value at each `otherwise` path is replaced (no value removes it).
 */
export interface ChoiceSite extends NameSite {
  readonly drop?: boolean;
  readonly otherwise?: readonly { readonly at: WirePath; readonly value?: unknown }[];
}

/** A tool definition (its `name` and `description` fields) inside a tool list. */
export interface DeclarationSite {
  /** The path from the list to the definition (`['*', 'function']`). */
  readonly at: WirePath;
  /** Where input schemas sit in the definition; `jsonSchema` for Gemini's `parametersJsonSchema`. */
  readonly schemas?: readonly { readonly at: WirePath; readonly jsonSchema?: boolean }[];
  /** A schema is projected even when the definition has none (the provider requires one). */
  readonly schemaRequired?: boolean;
  /** The field that asks for OpenAI strict mode. */
  readonly strict?: string;
  /**
   * A definition holding this field goes out as a fresh copy on every request: `@google/genai`
   * rewrites `parameters` on the declaration objects it is given (its tTool assigns the processed
   * schema back), so it never reaches the caller's objects, nor a projection kept for the next one.
   */
  readonly copiedWith?: string;
  /** Bedrock rejects an empty description: leave it out. */
  readonly omitEmptyDescription?: boolean;
  /**
   * `self`: the definition is a namespace (its name is a namespace name); `parent`: it is a
   * member of the namespace two steps up the path (`['*', namespace, 'tools', '*']`).
   */
  readonly namespace?: 'self' | 'parent';
}

/** A list of tool definitions (memoised as one unit: hosts resend it on every turn). */
export interface ToolListSite {
  readonly at: WirePath;
  readonly declarations: readonly DeclarationSite[];
  /**
   * A tool that puts the request in the format's own mode ({@link WireFormat.switched}), and the
   * fields of each element that `test` reads: they are part of the list's fingerprint, so the
   * answer is known once per list, not read from every tool on every turn.
   */
  readonly switches?: {
    readonly reads: readonly string[];
    test(tool: Record<string, unknown>): boolean;
  };
}

/** Where a streamed call's arguments come in pieces, and how the format ends and releases it. */
export interface HeldArguments {
  /** Where a streamed call starts (its name), and the holder's field with a fragment, if any. */
  readonly starts: readonly (NameSite & { readonly fragment?: string })[];
  /** Argument fragments in events of their own (`arguments` names the field); dropped while held. */
  readonly fragments?: readonly NameSite[];
  /**
   * The key of the call a holder belongs to, from the values walked through (`trail[0]` is the
   * event), and the keys of held calls an event ends; a key is a string or a number (an index).
   */
  key(trail: readonly unknown[]): unknown;
  ends(event: Record<string, unknown>, held: readonly string[]): readonly unknown[];
  /** The end event's field with the whole arguments text (Responses `.done`), restored in place. */
  readonly whole?: string;
  /** The event that releases a held call's restored arguments (`event`: the end, or the last event). */
  release(key: string, text: string, event: Record<string, unknown> | undefined): unknown;
}

/** The stream events of a format. */
export interface StreamFormat {
  /** Whole calls inside an event (a final response, a finished call): resolved and restored. */
  readonly calls?: readonly NameSite[];
  /** Calls streamed in pieces, whose arguments are held back while they must be rewritten. */
  readonly hold?: HeldArguments;
  /** Prepares an event before it is read (Chat: tool calls without an `index`). */
  prepare?(event: Record<string, unknown>, state: Map<string, unknown>): Record<string, unknown>;
}

/**
 * One wire format, described as data: where each kind of tool name sits, and the hooks that are
 * the format's own. The engine (`projectWireRequest`) derives everything else from it: name
 * collection, change detection, copy-on-write projection, resolution of responses and stream
 * events, and the holding back of streamed arguments.
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
  /** The schema dialect of the tool definitions. */
  schemaTarget(options: TOptions, envelopeId: string): SchemaTarget;
  readonly tools: readonly ToolListSite[];
  /** Names may sit in namespaces (`NameSite.namespace`), fitted in maps of their own. */
  readonly namespaced?: boolean;
  /** A name offered twice is left out (with a warning): the provider rejects the request. */
  readonly uniqueNames?: boolean;
  readonly choice: readonly ChoiceSite[];
  /** The history field and the name sites of one history item. */
  readonly history: { readonly at: string; readonly sites: readonly NameSite[] };
  readonly response: readonly NameSite[];
  readonly stream: StreamFormat;
  /**
   * The envelope when none is given and the request is in the format's own mode: a tool list
   * switches it ({@link ToolListSite.switches}) or a history item holds a name at `history`
   * (Anthropic tool search).
   */
  readonly switched?: { readonly envelope: EnvelopeInput; readonly history: NameSite };
  /** Warnings about the request as a whole (Bedrock's required `toolConfig`). */
  check?(request: Record<string, unknown>): ProjectionWarning[];
  /**
   * Rewrites the request before it is projected (Responses `namespaces: true` turns each server's
   * tools into a namespace); `grouped` maps `<namespace>\u0000<member>` to the flat canonical
   * name its calls come back under.
   */
  group?(
    request: Record<string, unknown>,
    options: TOptions,
    separator: string,
  ): { request: Record<string, unknown>; grouped: ReadonlyMap<string, string> } | undefined;
}
