import { describe, expect, it } from 'vitest';
import { type CommitScope, createDomainEvents } from './domain-events.js';

describe('the domain event bus', () => {
  it("gives the listeners of one commit's events one scope, and each emit of its own a new one", () => {
    const events = createDomainEvents();
    const scopes: CommitScope[] = [];
    events.on('items.changed', (_event, scope) => {
      scopes.push(scope);
    });
    events.on('history.changed', (_event, scope) => {
      scopes.push(scope);
    });

    events.emitCommitted([
      ['items.changed', { itemIds: ['a'] }],
      ['history.changed', { itemIds: ['a'] }],
    ]);
    events.emit('items.changed', { itemIds: ['b'] });
    events.emit('history.changed', { itemIds: ['b'] });

    const [changed, historyGrew, alone, aloneToo] = scopes;
    expect(scopes).toHaveLength(4);
    expect(historyGrew).toBe(changed);
    expect(alone).not.toBe(changed);
    expect(aloneToo).not.toBe(alone);
  });

  it("tells one commit's events in order, and a failing listener reaches onError, not the others", async () => {
    const errors: unknown[] = [];
    const events = createDomainEvents({ onError: (error) => errors.push(error) });
    const heard: string[] = [];
    events.on('items.changed', () => {
      throw new Error('listener broke');
    });
    events.on('items.changed', ({ itemIds }) => {
      heard.push(`changed ${itemIds.join()}`);
    });
    events.on('history.changed', async ({ itemIds }) => {
      heard.push(`history ${itemIds.join()}`);
    });

    events.emitCommitted([
      ['items.changed', { itemIds: ['a'] }],
      ['history.changed', { itemIds: ['a'] }],
    ]);
    await Promise.resolve();

    expect(heard).toEqual(['changed a', 'history a']);
    expect(errors).toEqual([new Error('listener broke')]);
  });
});
