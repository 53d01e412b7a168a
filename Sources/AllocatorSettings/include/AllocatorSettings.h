#ifndef SKILLBOOK_ALLOCATOR_SETTINGS_H
#define SKILLBOOK_ALLOCATOR_SETTINGS_H

/// The settings the executable gives jemalloc, as jemalloc's `malloc_conf` reads them.
extern const char *const skillbook_allocator_settings;

#endif
