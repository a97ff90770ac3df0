/**
 * A dependency loaded by the first call that needs it instead of at boot (decision 121): the
 * captcha renderer, the file-type sniffer and the TOTP library are used by few requests, and
 * each holds megabytes of heap from the moment it is imported.
 */
export const onFirstUse = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      // a failed load is tried again by the next call
      loading = undefined;
      throw error;
    });
    return loading;
  };
};
