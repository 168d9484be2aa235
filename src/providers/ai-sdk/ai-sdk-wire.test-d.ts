import type {
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4FunctionTool,
  LanguageModelV4GenerateResult,
  LanguageModelV4Message,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
import { type LanguageModelMiddleware, wrapLanguageModel } from 'ai';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  AiSdkCallOptions,
  AiSdkContentPart,
  AiSdkGenerateResult,
  AiSdkMessage,
  AiSdkTool,
} from './ai-sdk-wire.js';
import { projectLanguageModelRequest, toolwireMiddleware } from './index.js';

describe('ai-sdk wire types', () => {
  it('should accept the SDK objects as input', () => {
    expectTypeOf<LanguageModelV4CallOptions>().toExtend<AiSdkCallOptions>();
    expectTypeOf<LanguageModelV4Message>().toExtend<AiSdkMessage>();
    expectTypeOf<LanguageModelV4FunctionTool>().toExtend<AiSdkTool>();
    expectTypeOf<LanguageModelV4GenerateResult>().toExtend<AiSdkGenerateResult>();
    expectTypeOf<LanguageModelV4Content>().toExtend<AiSdkContentPart>();
    expectTypeOf<LanguageModelV4StreamPart>().toExtend<AiSdkContentPart>();
  });

  it('should be an AI SDK middleware', () => {
    expectTypeOf(toolwireMiddleware()).toExtend<LanguageModelMiddleware>();
    expectTypeOf(wrapLanguageModel).toBeCallableWith({
      model: {} as Parameters<typeof wrapLanguageModel>[0]['model'],
      middleware: toolwireMiddleware({ lenient: true }),
    });
  });

  it('should keep the SDK types through projection', () => {
    const projected = projectLanguageModelRequest({} as LanguageModelV4CallOptions);
    expectTypeOf(projected.request).toEqualTypeOf<LanguageModelV4CallOptions>();
    expectTypeOf(
      projected.resolveResponse({} as LanguageModelV4GenerateResult).response,
    ).toEqualTypeOf<LanguageModelV4GenerateResult>();
    expectTypeOf(
      projected.resolveStreamEvent({} as LanguageModelV4StreamPart).events,
    ).toEqualTypeOf<LanguageModelV4StreamPart[]>();
  });
});
