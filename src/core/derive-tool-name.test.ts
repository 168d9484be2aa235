import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveToolName, singularize } from './derive-tool-name.js';
import { ToolwireError } from './toolwire-error.js';

const derive = (service: string, method: string): string =>
  deriveToolName({ service, method }).name;

describe('deriveToolName: the stitchkit ADR 0035 vectors', () => {
  it.each([
    ['admin/analytics', 'overview', 'overview_admin_analytics'],
    ['admin/analytics', 'get', 'get_admin_analytics'],
    ['client/events', 'track', 'track_client_event'],
    ['admin.chat', 'list', 'list_admin_chat'],
    ['my service', 'get', 'get_my_service'],
    ['users', 'user.profile', 'user_profile_user'],
    ['2fa', 'get', 'get_2fa'],
    ['notes', 'get-user', 'get-user_note'],
    ['notes', 'sync-all', 'sync-all_note'],
    ['notes', 'get.user', 'get_user_note'],
    ['_internal', 'get', 'get__internal'],
    ['a__b', 'get', 'get_a__b'],
    ['foo-', 'get', 'get_foo_'],
    ['my__service', 'get', 'get_my__service'],
    ['user-profiles', 'get', 'get_user_profile'],
    ['users', 'list', 'list_users'],
    ['bot-status', 'get', 'get_bot_status'],
    ['user-settings', 'get', 'get_user_settings'],
    ['chat-analytics', 'get', 'get_chat_analytics'],
    ['site-news', 'get', 'get_site_news'],
    ['analytics', 'get', 'get_analytics'],
    ['status', 'get', 'get_status'],
    ['users', 'GetUser', 'get_user_user'],
  ])('%s + %s -> %s', (service, method, name) => {
    expect(derive(service, method)).toBe(name);
  });

  it('keeps an explicit toolName unchanged, even one that no provider accepts', () => {
    expect(deriveToolName({ service: 'notes', method: 'get', toolName: 'bad/name' })).toEqual({
      name: 'bad/name',
      source: 'explicit',
    });
  });

  it.each(['///', '日本語', '_', ''])(
    'rejects the service %j, which has no usable characters',
    (service) => {
      try {
        derive(service, 'get');
        expect.unreachable();
      } catch (error) {
        expect(ToolwireError.isInstance(error) && error.code).toBe('INVALID_NAME');
        expect((error as Error).message).toMatch(/has no characters usable in a tool name/);
        expect((error as Error).message).toMatch(/^Service /);
      }
    },
  );

  it('never truncates: a 70-character service gives a 74-character name', () => {
    expect(derive('x'.repeat(70), 'get')).toHaveLength(74);
  });
});

describe('deriveToolName: the weak spots, fixed', () => {
  it.each([
    ['time-series', 'get_time_series'],
    ['species', 'get_species'],
    ['log-analysis', 'get_log_analysis'],
    ['bus', 'get_bus'],
    ['buses', 'get_bus'],
    ['admin/Stats', 'get_admin_Stats'],
    ['boxes', 'get_box'],
    ['branches', 'get_branch'],
    ['addresses', 'get_address'],
    ['categories', 'get_category'],
    ['statuses', 'get_status'],
    ['people', 'get_person'],
    ['apis', 'get_api'],
    ['houses', 'get_house'],
    ['USERS', 'get_USER'],
  ])('%s -> %s', (service, name) => {
    expect(derive(service, 'get')).toBe(name);
  });

  it('normalises per code point: an emoji is one _', () => {
    expect(derive('a😀b', 'get')).toBe('get_a_b');
  });
});

const service = fc.string({ unit: 'grapheme-composite', maxLength: 40 });
const method = fc.oneof(
  fc.constantFrom('get', 'list', 'create', 'update', 'delete', 'trackEvent', 'sync-all'),
  fc.string({ maxLength: 20 }),
);

describe('deriveToolName: properties', () => {
  it('a derived name uses only A-Za-z0-9_- and is deterministic', () => {
    fc.assert(
      fc.property(service, method, (s, m) => {
        fc.pre(/[A-Za-z0-9]/.test(s));
        const name = derive(s, m);
        expect(name).toMatch(/^[A-Za-z0-9_-]*$/);
        expect(derive(s, m)).toBe(name);
      }),
      { numRuns: 1000 },
    );
  });

  it('throws INVALID_NAME exactly when the service has no ASCII letter or digit', () => {
    fc.assert(
      fc.property(service, method, (s, m) => {
        let threw = false;
        try {
          derive(s, m);
        } catch (error) {
          threw = ToolwireError.isInstance(error) && error.code === 'INVALID_NAME';
        }
        expect(threw).toBe(!/[A-Za-z0-9]/.test(s));
      }),
      { numRuns: 1000 },
    );
  });

  it('list keeps the whole normalised service: one character per code point, nothing collapsed', () => {
    fc.assert(
      fc.property(service, (s) => {
        fc.pre(/[A-Za-z0-9]/.test(s));
        expect(derive(s, 'list')).toBe(
          `list_${[...s].map((c) => (/^[A-Za-z0-9_]$/.test(c) ? c : '_')).join('')}`,
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('a verb keeps every segment but the last, and the last loses at most three characters', () => {
    fc.assert(
      fc.property(service, fc.constantFrom('get', 'create', 'update', 'delete'), (s, verb) => {
        fc.pre(/[A-Za-z0-9]/.test(s));
        const normalised = [...s].map((c) => (/^[A-Za-z0-9_]$/.test(c) ? c : '_')).join('');
        const name = derive(s, verb);
        const head = normalised.slice(0, normalised.lastIndexOf('_') + 1);
        expect(name.startsWith(`${verb}_${head}`)).toBe(true);
        expect(name.length).toBeGreaterThanOrEqual(verb.length + 1 + normalised.length - 3);
        expect(name.length).toBeLessThanOrEqual(verb.length + 1 + normalised.length);
      }),
      { numRuns: 1000 },
    );
  });

  it('an explicit toolName always wins, unchanged', () => {
    fc.assert(
      fc.property(service, method, fc.string(), (s, m, toolName) => {
        expect(deriveToolName({ service: s, method: m, toolName })).toEqual({
          name: toolName,
          source: 'explicit',
        });
      }),
      { numRuns: 1000 },
    );
  });

  it('singularising is stable on words it leaves alone', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{0,12}$/), (word) => {
        const once = singularize(word);
        if (once === word) expect(singularize(once)).toBe(once);
      }),
      { numRuns: 1000 },
    );
  });
});
