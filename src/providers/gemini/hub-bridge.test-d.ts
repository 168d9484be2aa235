import type { Content, Tool } from '@google/genai';
import { describe, expectTypeOf, it } from 'vitest';
import type { GeminiFunctionResponseContent, geminiToolsFromHub } from './index.js';

describe('the hub bridge for Gemini', () => {
  it('should give tools and function responses the SDK takes', () => {
    expectTypeOf<ReturnType<typeof geminiToolsFromHub>['tools'][number]>().toExtend<Tool>();
    expectTypeOf<GeminiFunctionResponseContent>().toExtend<Content>();
  });
});
