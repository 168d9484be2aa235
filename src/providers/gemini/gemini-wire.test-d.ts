import type {
  Content,
  FunctionCall,
  FunctionDeclaration,
  GenerateContentParameters,
  GenerateContentResponse,
  GoogleGenAI,
  Models,
  Part,
  ToolConfig,
} from '@google/genai';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  GeminiContent,
  GeminiFunctionCall,
  GeminiFunctionDeclaration,
  GeminiGenerateContentRequest,
  GeminiGenerateContentResponse,
  GeminiPart,
  GeminiToolConfig,
} from './gemini-wire.js';
import { projectGenerateContentRequest, wrapGemini } from './index.js';

describe('gemini wire types', () => {
  it('should accept the SDK objects as input', () => {
    expectTypeOf<GenerateContentParameters>().toExtend<GeminiGenerateContentRequest>();
    expectTypeOf<GenerateContentResponse>().toExtend<GeminiGenerateContentResponse>();
    expectTypeOf<Content>().toExtend<GeminiContent>();
    expectTypeOf<Part>().toExtend<GeminiPart>();
    expectTypeOf<ToolConfig>().toExtend<GeminiToolConfig>();
  });

  it('should write objects the SDK accepts', () => {
    // `parameters` is read as unknown (the adapter passes it to the schema projection).
    expectTypeOf<Omit<GeminiFunctionDeclaration, 'parameters'>>().toExtend<FunctionDeclaration>();
    expectTypeOf<GeminiFunctionCall>().toExtend<FunctionCall>();
    expectTypeOf<GeminiToolConfig>().toExtend<ToolConfig>();
  });

  it('should keep the SDK request and response types through projection', () => {
    const projected = projectGenerateContentRequest({} as GenerateContentParameters);
    expectTypeOf(projected.request).toEqualTypeOf<GenerateContentParameters>();
    expectTypeOf(
      projected.resolveResponse({} as GenerateContentResponse).response,
    ).toEqualTypeOf<GenerateContentResponse>();
    expectTypeOf(projected.resolveStreamEvent({} as GenerateContentResponse).events).toEqualTypeOf<
      GenerateContentResponse[]
    >();
  });

  it('should keep the client type through the wrapper', () => {
    expectTypeOf(wrapGemini({} as GoogleGenAI)).toEqualTypeOf<GoogleGenAI>();
    expectTypeOf(wrapGemini({} as Models)).toEqualTypeOf<Models>();
    // @ts-expect-error: not a Gemini client
    wrapGemini({ send: () => undefined });
  });
});
