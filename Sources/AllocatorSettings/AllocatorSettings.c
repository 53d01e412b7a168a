#include "AllocatorSettings.h"

// jemalloc reads the process's `malloc_conf` once, when it starts, before `main` and before any
// environment variable (MALLOC_CONF still overrides it). Why these settings: see Allocator.swift.
#define SETTINGS "narenas:2,background_thread:true,dirty_decay_ms:200,muzzy_decay_ms:0"

const char *malloc_conf = SETTINGS;
const char *const skillbook_allocator_settings = SETTINGS;
