#pragma once
// `basket randomize` of the typed layer (issue 43): a randomized release of the baskets (004 Def. 5: every
// basket independently), written all or nothing with the files recovery needs beside it: FILE.sizes (004 Sec.
// 4.4) and FILE.frequent. basketRandomizeJson is the one place the result becomes the CLI's JSON.
#include "core/api/BasketFiles.h"
#include "core/api/Generator.h"
#include "core/api/JsonValues.h"
#include "core/basketpipeline/BasketReleaseStream.h"
#include "core/basketpipeline/OperatorParameters.h"

#include <string>

namespace rr::api {

struct BasketRandomizeRequest {
    OperatorParameters op;
    GeneratorChoice generator;
    BasketDataRequest data; // the original baskets, streamed (read twice, never held)
    std::string out;        // the release (0/1 columns for a CSV, a name ending in .csv; FIMI otherwise)
};

struct BasketRandomizeResult {
    OperatorParameters op;
    std::string generator; // its description
    bool secure = false;
    std::string out;
    BasketFile data;
    BasketSummary summary;
    BasketReleaseReport release;
    double expectedOccurrences = 0;
    std::size_t frequentItems = 0; // frequency-aware: listed in FILE.frequent
    bool staleSizes = false;       // a FILE.sizes from an earlier release lies beside one that needs none
};

// The outputs must not be inputs (the caller checks: it knows every input). InputError for an --out of the
// other format, frequency-aware without its frequent support, and data or parameters that do not fit.
BasketRandomizeResult basketRandomizeOf(const BasketRandomizeRequest& request);

Json basketRandomizeJson(const BasketRandomizeResult& result);

} // namespace rr::api
