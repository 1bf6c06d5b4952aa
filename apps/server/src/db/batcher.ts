/**
 * Groups concurrent calls into batches (issue 14: a transfer's commit, not its work, was what a member's
 * wallet row and the database waited on). A call is sent at once while fewer than `maxInFlight` batches are
 * out, so a quiet server adds no wait; under load the calls that queue meanwhile go together in the next
 * batch. When a batch fails as a whole, its calls are tried one by one, so one call's failure never becomes
 * another's.
 */
export function createBatcher<I, O>(run: (items: I[]) => Promise<O[]>, opts: { maxInFlight: number; maxBatch: number }) {
  const queue: { item: I; resolve: (o: O) => void; reject: (e: unknown) => void }[] = [];
  let inFlight = 0;

  function send(batch: typeof queue): void {
    inFlight++;
    run(batch.map((b) => b.item))
      .then(
        (outs) => {
          if (outs.length !== batch.length) throw new Error(`batch of ${batch.length} answered ${outs.length}`);
          batch.forEach((b, i) => b.resolve(outs[i] as O));
        },
        (err: unknown) => {
          if (batch.length === 1) batch[0]?.reject(err);
          else for (const b of batch) alone(b);
        },
      )
      .catch((err: unknown) => batch.forEach((b) => b.reject(err)))
      .finally(() => {
        inFlight--;
        pump();
      });
  }

  /** A call of a failed batch, on its own (not counted against maxInFlight: it has waited its turn). */
  function alone(entry: (typeof queue)[number]): void {
    run([entry.item]).then(
      (outs) => entry.resolve(outs[0] as O),
      (err: unknown) => entry.reject(err),
    );
  }

  function pump(): void {
    while (inFlight < opts.maxInFlight && queue.length > 0) send(queue.splice(0, opts.maxBatch));
  }

  return (item: I): Promise<O> =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      pump();
    });
}
