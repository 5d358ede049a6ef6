#ifndef LOOP_TESTING_STARTUP_H
#define LOOP_TESTING_STARTUP_H

/// Installs LoopTesting into Loop (its recorder of test failures). Defined in Swift, in
/// LoopTesting; called once, as the process loads, by this target's constructor.
void loop_testing_start(void);

#endif
