// libFuzzer's entry for programs with their own main. Declared weak so that an ordinary build,
// which does not link libFuzzer, still links: the function is then null and
// skillbook-fuzz says how to build with the fuzzer instead.
#include "CFuzzerDriver.h"

extern int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size))
    __attribute__((weak));

int skillbook_libfuzzer_available(void) {
    return LLVMFuzzerRunDriver != 0;
}

int skillbook_libfuzzer_run(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size)) {
    return LLVMFuzzerRunDriver(argc, argv, callback);
}
