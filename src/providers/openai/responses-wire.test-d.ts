import type {
  FunctionTool,
  NamespaceTool,
  Response,
  ResponseCreateParams,
  ResponseFunctionToolCall,
  ResponseStreamEvent,
} from 'openai/resources/responses/responses';
import { describe, expectTypeOf, it } from 'vitest';
import { projectResponsesRequest } from './project-responses-request.js';
import type {
  ResponsesFunctionCall,
  ResponsesFunctionTool,
  ResponsesNamespaceTool,
  ResponsesRequestLike,
  ResponsesResponseLike,
  ResponsesStreamEventLike,
} from './responses-wire.js';

describe('responses wire types', () => {
  it('should accept the SDK request, response and event types', () => {
    expectTypeOf<ResponseCreateParams>().toExtend<ResponsesRequestLike>();
    expectTypeOf<Response>().toExtend<ResponsesResponseLike>();
    expectTypeOf<ResponseStreamEvent>().toExtend<ResponsesStreamEventLike>();
  });

  it('should describe tools and calls the SDK accepts', () => {
    expectTypeOf<ResponsesFunctionTool>().toExtend<FunctionTool>();
    expectTypeOf<ResponsesNamespaceTool>().toExtend<NamespaceTool>();
    expectTypeOf<ResponsesFunctionCall>().toExtend<ResponseFunctionToolCall>();
  });

  it('should give back the projected request with the SDK type', () => {
    const projected = projectResponsesRequest({} as ResponseCreateParams, { namespaces: true });
    expectTypeOf(projected.request).toEqualTypeOf<ResponseCreateParams>();
    expectTypeOf(projected.resolveResponse({} as Response).response).toEqualTypeOf<Response>();
  });
});
