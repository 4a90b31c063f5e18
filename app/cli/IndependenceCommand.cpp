// `independence`: the chi-square test of (conditional) independence of two attributes (003 Sec. 4.2.2) and
// whether, on randomized data, it is a valid test of the original hypothesis (003 Results 9, 10).
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/Distortions.h"
#include "app/cli/FitJson.h"

#include "core/data/Errors.h"
#include "core/independence/IndependenceTest.h"
#include "core/loglinear/LoglinearFit.h"

#include <numeric>

namespace rr::cli {
namespace {

void writeTest(Json& j, const IndependenceTest& t, Notes& notes)
{
    writeFit(j, t.fit, notes);
    j["rejected"] = t.rejected;
    if (!t.note.empty())
        notes.add(t.note);
}

// The test and its verdict: on original data with matrices, on the expected randomized table
// N (P_1 x ... x P_k) pi beside the original's; otherwise on the table as it is.
RandomizedTestValidity runTest(Json& j, const PreparedTable& records, const Distortions& distortions,
                               const std::vector<int>& givenAxes, const std::vector<int>& randomizedAxes,
                               bool dataAreRandomized, double alpha, Notes& notes)
{
    if (!dataAreRandomized && !randomizedAxes.empty()) {
        // original data and their matrices: the test on the expected randomized table N (P_1 x ... x P_k) pi
        const ContingencyTable expected = expectedRandomizedCounts(records.joint, distortions.matrices);
        const IndependenceComparison c =
            compareIndependence(records.joint, expected, 0, 1, givenAxes, randomizedAxes, alpha);
        j["source"] = "expected-randomized";
        writeTest(j, c.randomized, notes);
        Json original;
        writeTest(original, c.original, notes);
        j["original"] = original;
        j["summary"] = c.summary;
        return c.validity;
    }
    const IndependenceTest t = testIndependence(records.joint, 0, 1, givenAxes, alpha);
    j["source"] = dataAreRandomized ? "randomized" : "original";
    writeTest(j, t, notes);
    return randomizedTestValidity(0, 1, givenAxes, randomizedAxes, records.names);
}

Json runIndependence(const Options& options)
{
    const std::vector<std::string> pair = splitList(options.required("attributes"), "attributes");
    if (pair.size() != 2)
        throw InputError("--attributes takes exactly two attributes, got " + std::to_string(pair.size()) + " (" +
                         joinNames(pair) + "); condition on others with --given");
    std::vector<std::string> given;
    if (auto g = options.value("given"))
        given = splitList(*g, "given");
    const double alpha = alphaFrom(options);
    const bool dataAreRandomized = options.flag("randomized");

    std::vector<std::string> names = pair;
    names.insert(names.end(), given.begin(), given.end());
    const auto source = openSource(options);
    const PreparedTable records = prepareTable(*source, names, missingPolicy(options), keepRunningProgress());
    const Distortions distortions = distortionsFrom(options, records.names, records.categories);
    const bool withMatrices = options.has("p") || options.has("matrix");
    std::vector<int> givenAxes(given.size());
    std::iota(givenAxes.begin(), givenAxes.end(), 2);

    Notes notes;
    std::vector<int> randomizedAxes = withMatrices ? distortions.randomizedAxes() : std::vector<int>{};
    if (dataAreRandomized && !withMatrices) {
        randomizedAxes.resize(names.size());
        std::iota(randomizedAxes.begin(), randomizedAxes.end(), 0);
        notes.add("which attributes were randomized is not known (no --p/--matrix): the verdict takes every "
                  "attribute as randomized");
    }

    Json j;
    j["attributes"] = pair;
    j["given"] = given;
    j["rows"] = records.keptRows();
    j["dropped_rows"] = records.droppedRows;
    j["n"] = countValue(records.joint.total());
    if (withMatrices) {
        j["p"] = retentionJson(distortions, notes);
        if (distortions.anyMatrixFile())
            j["distortion"] = distortionJson(distortions, notes);
    }
    j["alpha"] = alpha;
    const RandomizedTestValidity validity =
        runTest(j, records, distortions, givenAxes, randomizedAxes, dataAreRandomized, alpha, notes);
    j["valid"] = validity.valid;
    j["validity_reason"] = validity.reason;
    if (!notes.empty())
        j["notes"] = notes.toJson();
    return j;
}

} // namespace

Command independenceCommand()
{
    Command c;
    c.name = "independence";
    c.summary = "chi-square test of (conditional) independence and its validity on randomized data";
    c.description =
        "Tests whether two attributes are independent, or independent given --given attributes in every stratum "
        "(003 Sec. 4.2.2): Pearson X2 and G2 against the expected counts n_ag n_bg / n_g, df (empty rows, columns "
        "and strata not counted) and p-values; 'rejected' at level alpha. 'valid' says whether the test on "
        "randomized data is a valid alpha-level test of the original hypothesis: always for two attributes, with "
        "lower power (003 Result 9); given G only if no attribute in G is randomized (003 Result 10; Result 11 is "
        "the same condition for partial correlations). Original data with --p/--matrix: the test on the expected "
        "randomized table N (P_1 x ... x P_k) pi beside the original test; --randomized: the data are randomized "
        "(without --p/--matrix every attribute is taken as randomized).";
    c.options = dataOptions();
    c.options.push_back(dropIncompleteOption());
    c.options.push_back({"attributes", "A,B", "the two attributes tested"});
    c.options.push_back({"given", "C,...", "the conditioning attributes (default none)"});
    c.options.push_back(retentionOption());
    c.options.push_back(matrixOption());
    c.options.push_back({"randomized", "", "the data are already randomized (default: original data)"});
    c.options.push_back(alphaOption("level of the test, alpha in (0, 1) (default 0.05)"));
    c.run = runIndependence;
    return c;
}

} // namespace rr::cli
