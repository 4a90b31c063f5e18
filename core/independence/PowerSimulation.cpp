#include "core/independence/PowerSimulation.h"

#include "core/data/Errors.h"
#include "core/independence/IndependenceTest.h"
#include "core/randomization/Randomize.h"

#include <cmath>
#include <random>

namespace rr {

Eigen::VectorXd drawMultinomial(const Eigen::VectorXd& weights, long long n, RandomSource& rng)
{
    if (n < 0)
        throw InputError("a sample cannot have a negative number of records");
    if ((weights.array() < 0).any() || !weights.allFinite())
        throw InputError("multinomial weights must be finite and non-negative");
    double rest = weights.sum();
    if (!(rest > 0))
        throw InputError("cannot sample from a table without records");
    Eigen::VectorXd out = Eigen::VectorXd::Zero(weights.size());
    long long remaining = n;
    for (Eigen::Index i = 0; i < weights.size() && remaining > 0; ++i) {
        if (!(weights[i] > 0))
            continue;
        long long k = remaining;
        if (weights[i] < rest) {
            std::binomial_distribution<long long> bin(remaining, std::min(1.0, weights[i] / rest));
            k = bin(rng);
        }
        out[i] = static_cast<double>(k);
        remaining -= k;
        rest -= weights[i];
    }
    return out;
}

namespace {

// The matrices must be the table's and the replicates within their limit; the sample size: the options' or
// the table's total, a whole number of records.
double checkedSampleSize(const ContingencyTable& truth, const std::vector<DistortionMatrix>& matrices,
                         const PowerOptions& options)
{
    if (static_cast<int>(matrices.size()) != truth.rank())
        throw InputError("power simulation: " + std::to_string(matrices.size()) + " distortion matrices for " +
                         std::to_string(truth.rank()) + " attributes");
    for (int k = 0; k < truth.rank(); ++k)
        if (matrices[static_cast<std::size_t>(k)].size() != truth.dims()[static_cast<std::size_t>(k)])
            throw InputError("power simulation: the matrix of attribute " + std::to_string(k + 1) +
                             " does not match its number of categories");
    if (options.replicates < 1 || options.replicates > kMaxPowerReplicates)
        throw InputError("power simulation: replicates must lie in 1.." + std::to_string(kMaxPowerReplicates));
    const double n = options.sampleSize > 0 ? options.sampleSize : truth.total();
    if (!(n >= 1) || n > 1e12 || std::abs(n - std::round(n)) > 1e-9)
        throw InputError("power simulation: the sample size must be a whole number of records >= 1");
    return n;
}

// The rejection rates over the replicates run, with their standard errors.
void rejectionRates(PowerEstimate& e, long long rejectOriginal, long long rejectRandomized)
{
    const double reps = e.replicates;
    e.original = rejectOriginal / reps;
    e.randomized = rejectRandomized / reps;
    e.originalSe = std::sqrt(e.original * (1 - e.original) / reps);
    e.randomizedSe = std::sqrt(e.randomized * (1 - e.randomized) / reps);
}

} // namespace

PowerEstimate simulatePower(const ContingencyTable& truth, int a, int b, const std::vector<int>& given,
                            const std::vector<DistortionMatrix>& matrices, const PowerOptions& options,
                            RandomSource& rng, const std::function<bool(double)>& progress)
{
    const double n = checkedSampleSize(truth, matrices, options);

    // Only the margin over (a, b, G) matters: randomizing attributes independently commutes with
    // summing the others out.
    const IndependenceTest null = testIndependence(truth, a, b, given, options.alpha);
    std::vector<int> axes{a, b};
    axes.insert(axes.end(), given.begin(), given.end());
    const ContingencyTable margin = truth.marginal(axes);
    std::vector<DistortionMatrix> marginMatrices;
    for (int x : axes)
        marginMatrices.push_back(matrices[static_cast<std::size_t>(x)]);
    const Eigen::VectorXd weights = options.underNull ? null.expected : margin.counts();
    std::vector<int> local(given.size());
    for (std::size_t k = 0; k < given.size(); ++k)
        local[k] = static_cast<int>(k) + 2;

    PowerEstimate e;
    e.sampleSize = n;
    ContingencyTable sample = margin;
    long long rejectOriginal = 0, rejectRandomized = 0;
    const int every = std::max(1, options.replicates / 100);
    for (int r = 0; r < options.replicates; ++r) {
        sample.counts() = drawMultinomial(weights, static_cast<long long>(std::llround(n)), rng);
        if (testIndependence(sample, 0, 1, local, options.alpha).rejected)
            ++rejectOriginal;
        sample.counts() = randomizeCounts(sample.counts(), sample.dims(), marginMatrices, rng);
        if (testIndependence(sample, 0, 1, local, options.alpha).rejected)
            ++rejectRandomized;
        e.replicates = r + 1;
        if (progress && ((r + 1) % every == 0 || r + 1 == options.replicates) &&
            !progress(static_cast<double>(r + 1) / options.replicates)) {
            e.cancelled = r + 1 < options.replicates;
            break;
        }
    }
    rejectionRates(e, rejectOriginal, rejectRandomized);
    if (options.underNull)
        e.note = "samples drawn under independence: the rates estimate the size (type I error) of each test";
    else if (!null.rejected)
        e.note = "the table itself does not reject independence at this alpha: power may be near alpha";
    return e;
}

} // namespace rr
