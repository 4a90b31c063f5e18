#include "app/cli/ReleaseColumns.h"

namespace rr::cli {

std::vector<std::string> keepListFrom(const Options& options)
{
    if (const auto k = options.value("keep"))
        return splitList(*k, "keep");
    return {};
}

} // namespace rr::cli
