#include "app/cli/BasketFiles.h"

#include "app/cli/BasketOperatorOptions.h"

namespace rr::cli {

std::vector<OptionSpec> basketDataOptions(const std::string& dataHelp)
{
    return {
        {"data", "FILE", dataHelp},
        {"columns", "A,B,..",
         "a CSV's 0/1 columns that are the items (default: all columns; only for a file ending in .csv)"},
        {"items", "N",
         "the item universe 0..N-1 of a FIMI file (default: the largest id + 1); give the original's when reading "
         "a release back"},
    };
}

api::BasketDataRequest basketDataRequest(const Options& options, bool dataRequired)
{
    using R = api::BasketDataRequest;
    const long long maxItems = static_cast<long long>(FimiOptions{}.limits.maxItemId) + 1;
    R request;
    readOptions<R>(options, request,
                   {textOption("data", &R::path, dataRequired),
                    {"columns", [](R& r, const std::string& c) { r.columns = splitList(c, "columns"); }},
                    {"items", [maxItems](R& r, const std::string& n) {
                         r.itemCount = static_cast<std::uint32_t>(
                             integerInRange(n, "--items (the item universe)", 1, maxItems));
                     }}});
    return request;
}

api::BasketReleaseRequest basketReleaseRequest(const Options& options)
{
    using R = api::BasketReleaseRequest;
    R request;
    request.op = operatorArgs(options);
    request.operatorFromSession = operatorFromSession(options);
    request.data = basketDataRequest(options);
    readOptions<R>(options, request, {textOption("original", &R::original)});
    return request;
}

} // namespace rr::cli
