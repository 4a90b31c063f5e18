#include "core/loglinear/LoglinearFit.h"

#include "core/data/Errors.h"
#include "core/estimation/Distances.h"
#include "core/estimation/Reconstruction.h"

#include <sstream>

namespace rr {

std::string toString(FittedTable source)
{
    switch (source) {
    case FittedTable::Original: return "original";
    case FittedTable::Randomized: return "randomized";
    case FittedTable::ExpectedRandomized: return "expected-randomized";
    case FittedTable::Reconstructed: return "reconstructed";
    }
    return "original";
}

namespace {

// Whether some generator margin of the observed table has an empty cell (df is then not adjusted).
bool hasEmptyMargin(const Eigen::VectorXd& observed, const std::vector<int>& dims, const HierarchicalModel& model)
{
    for (const auto& g : model.generators) {
        Eigen::Index size = 0;
        const auto index = marginIndex(dims, g, size);
        Eigen::VectorXd margin = Eigen::VectorXd::Zero(size);
        for (std::size_t c = 0; c < index.size(); ++c)
            margin[index[c]] += observed[static_cast<Eigen::Index>(c)];
        if ((margin.array() <= 0).any())
            return true;
    }
    return false;
}

} // namespace

LoglinearResult fitLoglinear(const ContingencyTable& table, const HierarchicalModel& model,
                             const std::vector<char>& letters, FittedTable source,
                             const std::vector<int>& randomizedAxes, const IpfOptions& options)
{
    if (static_cast<int>(letters.size()) != table.rank())
        throw InputError("the model letters name " + std::to_string(letters.size()) + " attributes but the table has " +
                         std::to_string(table.rank()));
    LoglinearResult r;
    r.structure = model;
    r.model = formatModel(model, letters);
    r.source = source;
    r.observed = table.counts();
    const IpfFit ipf = fitIpf(r.observed, table.dims(), model, options);
    r.fitted = ipf.fitted;
    r.iterations = ipf.iterations;
    r.converged = ipf.converged;
    r.fit = goodnessOfFit(r.observed, r.fitted, degreesOfFreedom(model, table.dims()));
    if (!ipf.converged) {
        std::ostringstream os;
        os << "IPF stopped after " << ipf.iterations << " cycles with a margin still off by " << ipf.maxDeviation
           << " records";
        r.notes.push_back(os.str());
    }
    if (hasEmptyMargin(r.observed, table.dims(), model))
        r.notes.push_back("a margin of the model has an empty cell; df counts all parameters and is not reduced for "
                          "it, so the p-value is approximate");
    if (source == FittedTable::Randomized || source == FittedTable::ExpectedRandomized) {
        r.preservation = kornCriterion(model, randomizedAxes, letters);
        r.notes.push_back(r.preservation->reason);
    }
    if (source == FittedTable::Reconstructed)
        r.notes.push_back("the reconstruction varies more than multinomial counts (003 eq. 5.16), so X2 and G2 on it "
                          "are not chi-square distributed: its p-values are indicative only");
    return r;
}

ContingencyTable expectedRandomizedCounts(const ContingencyTable& original,
                                          const std::vector<DistortionMatrix>& matrices)
{
    ContingencyTable out = original;
    const double n = original.total();
    if (!(n > 0))
        throw InputError("the table to randomize is empty");
    out.counts() = n * expectedRandomized(matrices, original.proportions());
    return out;
}

ReconstructedCounts reconstructedCounts(const ContingencyTable& randomized,
                                        const std::vector<DistortionMatrix>& matrices)
{
    const double n = randomized.total();
    if (!(n > 0))
        throw InputError("the randomized table is empty");
    ReconstructedCounts r;
    r.estimate = n * reconstruct(matrices, randomized.proportions());
    for (Eigen::Index c = 0; c < r.estimate.size(); ++c)
        if (r.estimate[c] < 0) {
            r.negativeCells.push_back(c);
            r.negativeMass -= r.estimate[c];
        }
    r.table = randomized;
    r.table.counts() = n * projectToSimplex(r.estimate);
    if (!r.negativeCells.empty()) {
        std::ostringstream os;
        os << "the reconstruction has " << r.negativeCells.size() << " negative cell"
           << (r.negativeCells.size() == 1 ? "" : "s") << " (" << r.negativeMass
           << " records in all); they were set to 0 and the other cells rescaled to N = " << n << " before fitting";
        r.note = os.str();
    }
    return r;
}

LoglinearResult fitLoglinearReconstructed(const ContingencyTable& randomized,
                                          const std::vector<DistortionMatrix>& matrices, const HierarchicalModel& model,
                                          const std::vector<char>& letters, const IpfOptions& options)
{
    const ReconstructedCounts rc = reconstructedCounts(randomized, matrices);
    LoglinearResult r =
        fitLoglinear(rc.table, model, letters, FittedTable::Reconstructed, randomizedAxesOf(matrices), options);
    if (!rc.note.empty())
        r.notes.insert(r.notes.begin(), rc.note);
    return r;
}

LoglinearResult fitLoglinearFor(const ContingencyTable& table, const HierarchicalModel& model,
                                const std::vector<char>& letters, const std::vector<DistortionMatrix>& matrices,
                                bool dataAreRandomized, const IpfOptions& options)
{
    if (!matrices.empty() && static_cast<int>(matrices.size()) != table.rank())
        throw InputError(std::to_string(matrices.size()) + " distortion matrices for " + std::to_string(table.rank()) +
                         " attributes");
    if (!dataAreRandomized) {
        if (matrices.empty())
            return fitLoglinear(table, model, letters, FittedTable::Original, {}, options);
        return fitLoglinear(expectedRandomizedCounts(table, matrices), model, letters, FittedTable::ExpectedRandomized,
                            randomizedAxesOf(matrices), options);
    }
    if (!matrices.empty())
        return fitLoglinear(table, model, letters, FittedTable::Randomized, randomizedAxesOf(matrices), options);
    std::vector<int> all(static_cast<std::size_t>(table.rank()));
    for (int k = 0; k < table.rank(); ++k)
        all[static_cast<std::size_t>(k)] = k;
    LoglinearResult r = fitLoglinear(table, model, letters, FittedTable::Randomized, all, options);
    r.notes.push_back("which attributes were randomized is not known: Korn's criterion takes every attribute as "
                      "randomized");
    return r;
}

std::vector<int> randomizedAxesOf(const std::vector<DistortionMatrix>& matrices)
{
    std::vector<int> axes;
    for (std::size_t k = 0; k < matrices.size(); ++k)
        if (!matrices[k].isIdentity())
            axes.push_back(static_cast<int>(k));
    return axes;
}

} // namespace rr
