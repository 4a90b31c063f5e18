// The analyst's models from a release (issue 44): EM steps of the simplex maximum likelihood on a D = 1e6 joint
// table of 4 Warner attributes, and regress on the count table of a 10M-row file with 4 predictors of 16 categories
// (the outcome randomized; and one predictor randomized too). Synthetic tables, made once per run from a fixed seed.
// Run: bench --benchmark_filter='BM_(SimplexMle|Regress)' --benchmark_repetitions=5
//            --benchmark_report_aggregates_only=true
#include "core/estimation/Reconstruction.h"
#include "core/models/ModelLoss.h"
#include "core/models/RandomizedLogit.h"
#include "core/models/SimplexMle.h"

#include <benchmark/benchmark.h>

#include <cmath>
#include <random>

namespace {

constexpr double kRecords = 1e7;

std::vector<rr::DistortionMatrix> warners(const std::vector<int>& dims, const std::vector<double>& p)
{
    std::vector<rr::DistortionMatrix> m;
    for (std::size_t k = 0; k < dims.size(); ++k)
        m.push_back(rr::DistortionMatrix::warner(dims[k], p[k]));
    return m;
}

// Shares from a skewed random distribution (many small cells, as real joint tables have).
Eigen::VectorXd randomShares(Eigen::Index cells, std::uint64_t seed)
{
    std::mt19937_64 g(seed);
    std::gamma_distribution<double> gamma(0.3, 1.0);
    Eigen::VectorXd pi(cells);
    for (Eigen::Index i = 0; i < cells; ++i)
        pi[i] = gamma(g);
    return pi / pi.sum();
}

// The expected released counts of kRecords records, rounded: N (P_1 x ... x P_k) pi.
Eigen::VectorXd releasedCounts(const std::vector<rr::DistortionMatrix>& m, const Eigen::VectorXd& pi)
{
    return (kRecords * rr::expectedRandomized(m, pi)).array().round().matrix();
}

rr::SimplexMleRequest& millionCells()
{
    static rr::SimplexMleRequest r = [] {
        rr::SimplexMleRequest q;
        q.matrices = warners({40, 25, 25, 40}, {0.6, 0.7, 0.8, 0.65});
        q.counts = releasedCounts(q.matrices, randomShares(1000000, 44));
        return q;
    }();
    return r;
}

// A fixed number of EM steps (each two sweeps of mode products over the 1e6 cells; every third SQUAREM's
// extrapolation), reported as steps per second with the certificate reached. The request is not copied and
// the last fit is dropped before the next, so the process's peak memory is the fit's own (compare the risk
// pass's, BM_ScaleRiskPass/1000000/1, with /usr/bin/time -v).
void BM_SimplexMleEmSteps(benchmark::State& state)
{
    rr::SimplexMleRequest& r = millionCells();
    r.maxIterations = static_cast<int>(state.range(0));
    rr::SimplexMleResult fit;
    for (auto _ : state) {
        fit = {};
        fit = rr::simplexMle(r);
        benchmark::DoNotOptimize(fit.shares.data());
    }
    state.counters["em_steps"] = fit.iterations;
    state.counters["em_steps_per_s"] =
        benchmark::Counter(double(fit.iterations) * double(state.iterations()), benchmark::Counter::kIsRate);
    state.counters["gap_per_record"] = fit.gap / r.counts.sum();
}
BENCHMARK(BM_SimplexMleEmSteps)->Arg(30)->Unit(benchmark::kMillisecond);

// 4 predictors of 16 categories (65,536 predictor cells) and a binary outcome: a logistic model's complete table
// with skewed predictor shares, released with the outcome (and, with `randomizedPredictor`, the first predictor)
// randomized.
rr::RandomizedLogitRequest tenMillionRows(bool randomizedPredictor)
{
    const std::vector<int> dims{16, 16, 16, 16, 2};
    rr::RandomizedLogitRequest r;
    std::vector<std::vector<std::string>> cats(4);
    for (auto& c : cats)
        for (int v = 0; v < 16; ++v)
            c.push_back(std::to_string(v));
    r.terms = rr::dummyTerms({"A", "B", "C", "D"}, cats, {0, 0, 0, 0});
    r.positive = 1;
    const Eigen::VectorXd w = randomShares(65536, 45);
    std::mt19937_64 g(46);
    std::normal_distribution<double> effect(0.0, 0.4);
    Eigen::VectorXd beta(r.terms.count());
    for (Eigen::Index j = 0; j < beta.size(); ++j)
        beta[j] = effect(g);
    Eigen::VectorXd pi(2 * 65536);
    for (Eigen::Index x = 0; x < 65536; ++x) {
        double eta = beta[0];
        for (int k = 0, rest = static_cast<int>(x); k < 4; ++k) {
            const int code = (rest >> (4 * (3 - k))) & 15;
            if (const int t = r.terms.termOf[static_cast<std::size_t>(k)][static_cast<std::size_t>(code)]; t >= 0)
                eta += beta[t];
        }
        const double pr = 1.0 / (1.0 + std::exp(-eta));
        pi[2 * x] = w[x] * (1 - pr);
        pi[2 * x + 1] = w[x] * pr;
    }
    r.matrices = warners(dims, {randomizedPredictor ? 0.8 : 1.0, 1.0, 1.0, 1.0, 0.8});
    r.counts = releasedCounts(r.matrices, pi);
    return r;
}

void BM_RegressTenMillionRows(benchmark::State& state)
{
    static const rr::RandomizedLogitRequest outcomeOnly = tenMillionRows(false), alsoPredictor = tenMillionRows(true);
    const rr::RandomizedLogitRequest& r = state.range(0) ? alsoPredictor : outcomeOnly;
    rr::RandomizedLogitResult fit;
    for (auto _ : state) {
        fit = rr::fitRandomizedLogit(r);
        benchmark::DoNotOptimize(fit.estimate.data());
    }
    state.counters["iterations"] = fit.iterations;
    state.counters["converged"] = fit.converged;
    state.SetLabel(state.range(0) ? "outcome and predictor A randomized" : "outcome randomized");
}
BENCHMARK(BM_RegressTenMillionRows)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

} // namespace

namespace {

// What the Utility step's "Analyst's model" page recomputes while a slider moves (issue 44): one p step of a
// 224-cell model (16 x 2 x 7, Adult's education x sex x workclass), the three attributes randomized; the
// original fit is made once, outside the loop.
void BM_ModelLossStep(benchmark::State& state)
{
    const std::vector<int> dims{16, 2, 7};
    std::vector<std::vector<std::string>> categories;
    for (const int d : dims) {
        std::vector<std::string> c;
        for (int k = 0; k < d; ++k)
            c.push_back("v" + std::to_string(k));
        categories.push_back(c);
    }
    rr::ContingencyTable joint(dims, {"education", "sex", "workclass"});
    joint.counts() = (45222 * randomShares(16 * 2 * 7, 7)).array().round().matrix();
    rr::LogitModelSpec spec;
    spec.outcome = "workclass";
    spec.positive = "v0";
    spec.predictors = {"education", "sex"};
    const rr::ModelLossModel model = rr::prepareModelLoss(spec, {"education", "sex", "workclass"}, categories, joint);
    double p = 0.95;
    for (auto _ : state) {
        const rr::ModelLoss loss = rr::modelLossAt(model, {p, 0.9, p});
        benchmark::DoNotOptimize(loss.rows.data());
        p = p > 0.65 ? p - 0.05 : 0.95;
    }
}
BENCHMARK(BM_ModelLossStep)->Unit(benchmark::kMillisecond);

} // namespace

