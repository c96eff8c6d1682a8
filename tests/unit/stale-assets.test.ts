import {describe, expect, it, vi} from 'vitest';
import {
  RELOAD_GUARD_MS,
  RELOADED_AT_KEY,
  REOPEN_KEY,
  createStaleAssets,
  isChunkLoadError,
} from '../../src/plugins/search/client/staleAssets.ts';

/** What Rspack's runtime rejects a failed `import()` with (JavaScript and CSS chunks). */
function chunkError(): Error {
  const error = new Error('Loading chunk 6553 failed.\n(missing: http://127.0.0.1/assets/js/6553.abc.js)');
  error.name = 'ChunkLoadError';
  return error;
}
function cssChunkError(): Error {
  return Object.assign(new Error('Loading CSS chunk 12 failed.\n(/assets/css/12.css)'), {
    code: 'CSS_CHUNK_LOAD_FAILED',
  });
}

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('isChunkLoadError', () => {
  it('recognizes failed JavaScript and CSS chunks, and nothing else', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(cssChunkError())).toBe(true);
    expect(isChunkLoadError(new Error('The search index /search-index.json answered HTTP 404'))).toBe(false);
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError('Loading chunk 1 failed')).toBe(false);
  });
});

describe('createStaleAssets', () => {
  it('reloads once and asks for reopening, then asks the visitor while the guard holds', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    let time = 1_000_000;
    const make = () => createStaleAssets({storage, reload, now: () => time});

    const beforeReload = make();
    expect(beforeReload.report(chunkError(), 'dialog')).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.items.get(RELOADED_AT_KEY)).toBe('1000000');
    expect(beforeReload.needsManualReload('dialog')).toBe(false);

    // The reloaded page (a new instance, same tab storage) reopens search once.
    const afterReload = make();
    expect(afterReload.takeReopenRequest()).toBe(true);
    expect(afterReload.takeReopenRequest()).toBe(false);
    expect(storage.items.has(REOPEN_KEY)).toBe(false);

    const listener = vi.fn();
    afterReload.subscribe(listener);
    time += 10_000;
    const again = chunkError();
    expect(afterReload.report(again, 'dialog')).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(afterReload.needsManualReload('dialog')).toBe(true);
    expect(afterReload.needsManualReload('engine')).toBe(false);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(afterReload.wasReported(again)).toBe(true);
    expect(afterReload.wasReported(chunkError())).toBe(false);

    // A later deploy, long after that reload, is worth one more reload.
    time += RELOAD_GUARD_MS;
    expect(make().report(chunkError(), 'engine')).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('reloads once per page when several chunks of one load fail', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const stale = createStaleAssets({storage, reload, now: () => 5});
    const [first, second] = [chunkError(), cssChunkError()];
    expect(stale.report(first, 'dialog')).toBe(true);
    expect(stale.report(second, 'dialog')).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(stale.needsManualReload('dialog')).toBe(false);
    expect(stale.wasReported(second)).toBe(true);
  });

  it('takes chunk failures for the dialog only for a while after it was asked for', () => {
    let time = 0;
    const stale = createStaleAssets({storage: memoryStorage(), reload: vi.fn(), now: () => time});
    expect(stale.dialogRecentlyRequested()).toBe(false);
    stale.noteDialogRequest();
    time += 59_000;
    expect(stale.dialogRecentlyRequested()).toBe(true);
    time += 2_000;
    expect(stale.dialogRecentlyRequested()).toBe(false);
  });

  it('never reloads without a working sessionStorage (no guard against a loop)', () => {
    const reload = vi.fn();
    const noStorage = createStaleAssets({storage: undefined, reload, now: () => 1});
    expect(noStorage.report(chunkError(), 'dialog')).toBe(true);
    expect(noStorage.needsManualReload('dialog')).toBe(true);

    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const fullStorage = createStaleAssets({storage: full, reload, now: () => 1});
    expect(fullStorage.report(chunkError(), 'engine')).toBe(true);
    expect(fullStorage.needsManualReload('engine')).toBe(true);
    expect(reload).not.toHaveBeenCalled();
  });

  it('leaves other failures to the caller', () => {
    const reload = vi.fn();
    const stale = createStaleAssets({storage: memoryStorage(), reload, now: () => 1});
    expect(stale.report(new Error('The search index answered HTTP 404'), 'engine')).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(stale.needsManualReload('engine')).toBe(false);
  });
});
