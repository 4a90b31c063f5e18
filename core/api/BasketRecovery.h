#pragma once
// What recovery from a release needs (`basket estimate`, `basket mine`): the release read back with its
// operator, and the original it came from, checked to be that original.
#include "core/api/BasketFiles.h"
#include "core/basketpipeline/OperatorParameters.h"
#include "core/basketpipeline/Recovery.h"

#include <optional>
#include <string>

namespace rr::api {

struct BasketReleaseRequest {
    BasketDataRequest data; // the release, with FILE.sizes / FILE.frequent beside it as its operator needs
    OperatorParameters op;
    bool operatorFromSession = false;    // a session's frequent support is the randomization's: dropped
    std::optional<std::string> original; // the original baskets, read as `data` is
};

struct RecoveryInput {
    OperatorParameters args;
    LoadedRelease release;
    BasketOperator op;
    std::optional<LoadedBaskets> original;
    bool itemsGiven = false; // the request set the universe
};

// The release and the original: same baskets count, same items (columns), and for size-driven operators the
// sizes in FILE.sizes. InputError naming the mismatch.
RecoveryInput recoveryInputOf(const BasketReleaseRequest& request);

// {"data", "sizes_file", "frequent_file", "operator"} of the release; notes about it.
Json releaseJson(const RecoveryInput& in, Notes& notes);

} // namespace rr::api
