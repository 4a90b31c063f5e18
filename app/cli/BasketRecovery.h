#pragma once
// What `basket estimate` and `basket mine` share: the release read back with its operator, and the original
// it came from (checked to be that original).
#include "app/cli/BasketFiles.h"
#include "app/cli/BasketOperatorOptions.h"
#include "core/basketpipeline/Recovery.h"

#include <optional>

namespace rr::cli {

struct RecoveryInput {
    OperatorParameters args;
    LoadedRelease release;
    BasketOperator op;
    std::optional<LoadedBaskets> original; // --original, when given
    bool itemsGiven = false;               // --items N set the universe
};

// --data (the release, with FILE.sizes / FILE.frequent as its operator needs), --operator options, and
// --original: same baskets count, same items (columns), and for size-driven operators the sizes in
// FILE.sizes. InputError naming the mismatch.
RecoveryInput recoveryInput(const Options& options);

// {"data", "sizes_file", "frequent_file", "operator"} of the release; notes about it.
Json releaseJson(const RecoveryInput& in, Notes& notes);

} // namespace rr::cli
