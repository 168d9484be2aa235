import type { LanguageModelMiddleware, ToolSet } from 'ai';
import { generateText, stepCountIs, wrapLanguageModel } from 'ai';
import type {
  LanguageModelMiddleware as LanguageModelMiddlewareV6,
  ToolSet as ToolSetV6,
} from 'ai-v6';
import {
  generateText as generateTextV6,
  stepCountIs as stepCountIsV6,
  wrapLanguageModel as wrapLanguageModelV6,
} from 'ai-v6';
import { describe, expectTypeOf, it } from 'vitest';
import { aiSdkToolsFromHub, type ToolHubLike, toolwireMiddleware } from './index.js';

declare const hub: ToolHubLike;

describe('the hub bridge and the middleware, with ai 6 and ai 7', () => {
  it('should give a ToolSet both majors take', () => {
    expectTypeOf(aiSdkToolsFromHub({ hub }).tools).toExtend<ToolSet>();
    expectTypeOf(aiSdkToolsFromHub({ hub }).tools).toExtend<ToolSetV6>();
  });

  it('should be a middleware of both majors', () => {
    expectTypeOf(toolwireMiddleware()).toExtend<LanguageModelMiddleware>();
    expectTypeOf(toolwireMiddleware()).toExtend<LanguageModelMiddlewareV6>();
  });

  it('should make generateText with stopWhen the whole loop in both majors', () => {
    const model = wrapLanguageModel({
      model: {} as Parameters<typeof wrapLanguageModel>[0]['model'],
      middleware: toolwireMiddleware(),
    });
    expectTypeOf(generateText).toBeCallableWith({
      model,
      prompt: 'p',
      stopWhen: stepCountIs(5),
      ...aiSdkToolsFromHub({ hub }),
    });
    const modelV6 = wrapLanguageModelV6({
      model: {} as Parameters<typeof wrapLanguageModelV6>[0]['model'],
      middleware: toolwireMiddleware(),
    });
    expectTypeOf(generateTextV6).toBeCallableWith({
      model: modelV6,
      prompt: 'p',
      stopWhen: stepCountIsV6(5),
      ...aiSdkToolsFromHub({ hub }),
    });
  });
});
