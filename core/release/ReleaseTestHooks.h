#pragma once
// Test hooks for a release into a database (tests/sql only; never documented for users): with
// RR_TEST_FAIL_AFTER_ROWS=N the write fails with an IoError once N records went into the table, and with
// RR_TEST_PAUSE_AFTER_ROWS=N it pauses 5 seconds there, so a test can stop the server mid-fill. Without
// either variable the target is used as it is.
#include "core/release/ReleaseTarget.h"

#include <memory>

namespace rr {

// `target` wrapped in the hooks the environment asks for; nullptr when it asks for none.
std::unique_ptr<ReleaseTarget> releaseTestHooks(ReleaseTarget& target);

} // namespace rr
