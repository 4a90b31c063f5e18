#include "core/api/Independence.h"

#include "core/api/Names.h"
#include "core/api/Reconstruct.h"
#include "core/api/RequestSupport.h"
#include "core/data/Errors.h"
#include "core/datasource/DataSource.h"
#include "core/loglinear/LoglinearFit.h"

#include <numeric>

namespace rr::api {
namespace {

// The test and its verdict: on original data with matrices, on the expected randomized table
// N (P_1 x ... x P_k) pi (003 eq. 2.1) beside the original's; otherwise on the table as it is.
void runTest(const PreparedTable& records, const std::vector<int>& givenAxes, const std::vector<int>& randomizedAxes,
             IndependenceResult& out)
{
    if (!out.randomized && !randomizedAxes.empty()) {
        const ContingencyTable expected = expectedRandomizedCounts(records.joint, out.distortions.matrices);
        IndependenceComparison c =
            compareIndependence(records.joint, expected, 0, 1, givenAxes, randomizedAxes, out.alpha);
        out.source = "expected-randomized";
        out.test = std::move(c.randomized);
        out.original = std::move(c.original);
        out.summary = std::move(c.summary);
        out.validity = std::move(c.validity);
        return;
    }
    out.test = testIndependence(records.joint, 0, 1, givenAxes, out.alpha);
    out.source = out.randomized ? "randomized" : "original";
    out.validity = randomizedTestValidity(0, 1, givenAxes, randomizedAxes, records.names); // 003 Results 9, 10
}

} // namespace

void checkTestedPair(const std::vector<std::string>& names)
{
    if (names.size() != 2)
        throw InputError("--attributes takes exactly two attributes, got " + std::to_string(names.size()) + " (" +
                         joinNames(names) + "); condition on others with --given");
}

IndependenceResult independenceOf(const IndependenceRequest& request, const ProgressFunction& progress)
{
    checkTestedPair(request.attributes);
    checkAlpha(request.alpha);
    std::vector<std::string> names = request.attributes;
    names.insert(names.end(), request.given.begin(), request.given.end());
    const auto source = openData(request.data);
    const PreparedTable records = prepareTable(*source, names, missingPolicyOf(request.dropIncomplete), progress);
    IndependenceResult out;
    out.distortions = distortionsOf(request.distortions, records.names, records.categories);
    out.withDistortions = request.distortions.given();
    out.randomized = request.randomized;
    out.alpha = request.alpha;
    std::vector<int> givenAxes(request.given.size());
    std::iota(givenAxes.begin(), givenAxes.end(), 2);
    std::vector<int> randomizedAxes = out.withDistortions ? out.distortions.randomizedAxes() : std::vector<int>{};
    if (out.randomized && !out.withDistortions) { // not known which: every attribute
        randomizedAxes.resize(names.size());
        std::iota(randomizedAxes.begin(), randomizedAxes.end(), 0);
    }
    runTest(records, givenAxes, randomizedAxes, out);
    out.attributes = request.attributes;
    out.given = request.given;
    out.rows = records.keptRows();
    out.droppedRows = records.droppedRows;
    out.n = records.joint.total();
    return out;
}

} // namespace rr::api
