import { CHUNK_LOAD_TIMEOUT_MS } from '@playhall/contract/constants';

/** A route chunk that failed to load or took longer than CHUNK_LOAD_TIMEOUT_MS (spec §8). */
export class ChunkLoadError extends Error {
  readonly timedOut: boolean;
  constructor(timedOut: boolean, cause?: unknown) {
    super(timedOut ? 'The page took too long to load' : 'The page could not be loaded', { cause });
    this.name = 'ChunkLoadError';
    this.timedOut = timedOut;
  }
}

export function isChunkLoadError(e: unknown): e is ChunkLoadError {
  return e instanceof ChunkLoadError;
}

/** Load a lazy chunk, failing with ChunkLoadError on error or after the timeout. */
export function loadChunk<T>(importer: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(true)), timeoutMs);
    importer().then(
      (mod) => {
        clearTimeout(timer);
        resolve(mod);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(false, err));
      },
    );
  });
}
