#include "core/comparison/RandomizationEstimate.h"

#include "core/estimation/Reconstruction.h"
#include "core/randomization/Randomize.h"
#include "core/risk/DisclosureRisk.h"

#include <chrono>

namespace rr {

RandomizationEstimates randomizationEstimates(const ContingencyTable& joint, double tau, RandomSource& rng,
                                              int optimizerStarts)
{
    RandomizationEstimates out;
    DisclosureRiskModel model(joint);
    OptimizationOptions options;
    options.mode = RandomizationMode::QI;
    options.tau = tau;
    options.starts = optimizerStarts;
    const auto start = std::chrono::steady_clock::now();
    out.parameters = optimizeParameters(model, options);
    out.secondsOptimizer = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!out.parameters.feasible)
        return out;

    const std::vector<int>& dims = joint.dims();
    for (std::size_t i = 0; i < dims.size(); ++i)
        out.matrices.push_back(DistortionMatrix::warner(dims[i], out.parameters.p.at(i)));
    std::vector<DistortionMatrix> qi(out.matrices.begin(), out.matrices.end() - 1);
    out.maxRisk = model.maxRisk(qi, out.matrices.back());

    const Eigen::VectorXd pi = joint.proportions();
    out.fromExpected = reconstruct(out.matrices, expectedRandomized(out.matrices, pi));
    const Eigen::VectorXd randomized = randomizeCounts(joint.counts(), dims, out.matrices, rng);
    out.fromSimulated = reconstruct(out.matrices, randomized / randomized.sum());
    out.expectedSquaredError = expectedSquaredError(out.matrices, pi, joint.total());
    return out;
}

} // namespace rr
