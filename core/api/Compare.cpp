#include "core/api/Compare.h"

#include "core/randomization/RandomSource.h"

namespace rr::api {

CompareResult compareOf(const CompareRequest& request, const ProgressFunction& progress)
{
    std::function<bool(int, int)> stages;
    if (progress)
        stages = [progress](int done, int total) { return progress(total > 0 ? double(done) / total : -1.0); };
    return compareOf(request, stages);
}

CompareResult compareOf(const CompareRequest& request, const std::function<bool(int done, int total)>& stages)
{
    CompareResult out;
    out.comparison = request.comparison;
    if (request.seed) {
        out.comparison.options.seed = *request.seed;
    } else {
        RandomSource os = RandomSource::secure(); // a fresh seed, reported so the run can be repeated
        out.comparison.options.seed = os();
    }
    const std::shared_ptr<const DataSource> source = openData(request.data);
    out.run = runComparison(*source, out.comparison, stages);
    return out;
}

} // namespace rr::api
