#include "app/cli/ReleaseColumns.h"

namespace rr::cli {

std::vector<std::string> keepListFrom(const Options& options)
{
    if (const auto k = options.value("keep"))
        return splitList(*k, "keep");
    return {};
}

std::vector<std::string> keepColumns(const Options& options, const DataSource& source,
                                     const std::vector<std::string>& released)
{
    std::vector<std::string> keep = keepListFrom(options);
    api::checkKeepColumns(keep, source.attributeNames(), released);
    return keep;
}

} // namespace rr::cli
