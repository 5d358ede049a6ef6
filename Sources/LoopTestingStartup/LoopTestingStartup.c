// Runs LoopTesting's setup as the process (or the test bundle) loads, before any test: so that
// a test that uses nothing from LoopTesting but Loop's `unimplemented` (through a client
// module's failing test value, say) still has its failures recorded in the test. Swift has no
// load-time initialisers; a C constructor calling a `@_cdecl` Swift function is the portable
// way to get one.
#include "LoopTestingStartup.h"

__attribute__((constructor)) static void loop_testing_startup(void) { loop_testing_start(); }
