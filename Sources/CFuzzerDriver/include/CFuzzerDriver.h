#ifndef SKILLBOOK_CFUZZERDRIVER_H
#define SKILLBOOK_CFUZZERDRIVER_H

#include <stddef.h>
#include <stdint.h>

/// Whether libFuzzer is linked in (a `swift build --sanitize fuzzer` build of skillbook-fuzz).
int skillbook_libfuzzer_available(void);

/// Runs libFuzzer's driver with `argc`/`argv` and `callback` as the fuzz target.
int skillbook_libfuzzer_run(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
