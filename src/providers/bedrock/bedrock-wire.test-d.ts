import type {
  BedrockRuntimeClient,
  ContentBlock,
  ConverseCommandInput,
  ConverseCommandOutput,
  ConverseStreamCommandInput,
  ConverseStreamOutput,
  Message,
  Tool,
  ToolConfiguration,
  ToolSpecification,
  ToolUseBlock,
} from '@aws-sdk/client-bedrock-runtime';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  BedrockContentBlock,
  BedrockConverseRequest,
  BedrockConverseResponse,
  BedrockConverseStreamEvent,
  BedrockMessage,
  BedrockTool,
  BedrockToolConfiguration,
  BedrockToolSpecification,
  BedrockToolUseBlock,
} from './bedrock-wire.js';
import { projectConverseRequest, wrapBedrock } from './index.js';

describe('bedrock wire types', () => {
  it('should accept the SDK objects as input', () => {
    expectTypeOf<ConverseCommandInput>().toExtend<BedrockConverseRequest>();
    expectTypeOf<ConverseStreamCommandInput>().toExtend<BedrockConverseRequest>();
    expectTypeOf<ConverseCommandOutput>().toExtend<BedrockConverseResponse>();
    expectTypeOf<ConverseStreamOutput>().toExtend<BedrockConverseStreamEvent>();
    expectTypeOf<Message>().toExtend<BedrockMessage>();
    expectTypeOf<ContentBlock>().toExtend<BedrockContentBlock>();
    expectTypeOf<Tool>().toExtend<BedrockTool>();
    expectTypeOf<ToolConfiguration>().toExtend<BedrockToolConfiguration>();
  });

  it('should write objects the SDK accepts', () => {
    expectTypeOf<Required<BedrockToolSpecification>>().toExtend<
      Omit<ToolSpecification, 'inputSchema'>
    >();
    expectTypeOf<Required<Omit<BedrockToolUseBlock, 'input'>>>().toExtend<
      Omit<ToolUseBlock, 'input'>
    >();
  });

  it('should keep the SDK input and output types through projection', () => {
    const projected = projectConverseRequest({} as ConverseCommandInput);
    expectTypeOf(projected.request).toEqualTypeOf<ConverseCommandInput>();
    expectTypeOf(
      projected.resolveResponse({} as ConverseCommandOutput).response,
    ).toEqualTypeOf<ConverseCommandOutput>();
    expectTypeOf(projected.resolveStreamEvent({} as ConverseStreamOutput).events).toEqualTypeOf<
      ConverseStreamOutput[]
    >();
  });

  it('should keep the client type through the wrapper', () => {
    expectTypeOf(wrapBedrock({} as BedrockRuntimeClient)).toEqualTypeOf<BedrockRuntimeClient>();
    // @ts-expect-error: not a Bedrock client
    wrapBedrock({ models: {} });
  });
});
