/**
 * Marks a promise fulfilled once it is, the way React's `use` reads it: a pack loaded ahead (a
 * language switch, decision 111) is then shown at once instead of suspending the page for a frame.
 */
export const readableWhenLoaded = <T>(promise: Promise<T>): Promise<T> => {
  void promise.then(
    (value) => Object.assign(promise, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(promise, { status: 'rejected', reason }),
  );
  return promise;
};
