// Timings of the core passes on EMGRW (003 Table 5.2: 45,222 Adult records, D = 7,840 cells):
// one disclosure-risk pass, risk + variances + summaries (what a slider move recomputes), the
// optimizer for RR-QI and RR-Both at l = 3, the trade-off curve l = 2..7, and loading Adult into the joint table.
// Run: bench --benchmark_filter='BM_(Risk|Optimize|TradeOff|Load)' --benchmark_repetitions=10
//            --benchmark_report_aggregates_only=true
#include "TestData.h"

#include "core/analysis/PreparedAnalysis.h"
#include "core/analysis/TradeOffCurve.h"
#include "core/distortion/DistortionMatrix.h"
#include "core/estimation/Reconstruction.h"
#include "core/optimization/OptimalParameters.h"
#include "core/risk/DisclosureRisk.h"

#include <benchmark/benchmark.h>

#include <cstdio>

namespace {

const rr::ContingencyTable& emgrw()
{
    static const rr::ContingencyTable joint = rr::testdata::emgrw(rr::testdata::adultComplete());
    return joint;
}

// Published RR-Both parameters at l = 3 (003 Table 5.2 (c)): E, M, G, R, W.
const std::vector<double> kBothL3{0.573, 0.821, 0.913, 0.973, 0.955};

std::vector<rr::DistortionMatrix> warnerMatrices(const std::vector<double>& p)
{
    std::vector<rr::DistortionMatrix> m;
    for (std::size_t k = 0; k < p.size(); ++k)
        m.push_back(rr::DistortionMatrix::warner(emgrw().dims()[k], p[k]));
    return m;
}

void BM_RiskFullPass(benchmark::State& state)
{
    rr::DisclosureRiskModel model(emgrw());
    const auto all = warnerMatrices(kBothL3);
    const std::vector<rr::DistortionMatrix> qi(all.begin(), all.end() - 1);
    for (auto _ : state)
        benchmark::DoNotOptimize(model.evaluate(qi, all.back()).data());
}
BENCHMARK(BM_RiskFullPass)->Unit(benchmark::kMicrosecond);

// Two parameter vectors in turn, differing in a QI's p and in p_s: a call that keeps the QIs' p reuses their
// part, one that keeps p_s each row's bound (as the optimizer's steps do), and neither is a full pass.
void BM_RiskMaxWarner(benchmark::State& state)
{
    rr::DisclosureRiskModel model(emgrw());
    std::vector<double> other = kBothL3;
    other[0] = 0.6;
    other[4] = 0.9;
    bool flip = false;
    for (auto _ : state)
        benchmark::DoNotOptimize(model.maxRiskWarner((flip = !flip) ? kBothL3 : other));
}
BENCHMARK(BM_RiskMaxWarner)->Unit(benchmark::kMicrosecond);

void BM_RiskVarianceSummaries(benchmark::State& state)
{
    rr::DisclosureRiskModel model(emgrw());
    const auto all = warnerMatrices(kBothL3);
    const std::vector<rr::DistortionMatrix> qi(all.begin(), all.end() - 1);
    const Eigen::VectorXd lambda = rr::expectedRandomized(all, emgrw().proportions());
    const double n = emgrw().total();
    for (auto _ : state) {
        const Eigen::VectorXd& risk = model.evaluate(qi, all.back());
        const Eigen::VectorXd variance = rr::varianceDiagonal(all, lambda, n);
        const rr::RiskSummary summary = rr::summarizeRisk(risk, emgrw(), 1.0 / 3);
        benchmark::DoNotOptimize(variance.data());
        benchmark::DoNotOptimize(summary.p99);
    }
}
BENCHMARK(BM_RiskVarianceSummaries)->Unit(benchmark::kMicrosecond);

void BM_Optimize(benchmark::State& state, rr::RandomizationMode mode)
{
    rr::DisclosureRiskModel model(emgrw());
    rr::OptimizationOptions options;
    options.mode = mode;
    options.tau = 1.0 / 3;
    rr::OptimizationResult r;
    for (auto _ : state)
        r = rr::optimizeParameters(model, options); // used below (DoNotOptimize on it garbled the double, GCC 12)
    state.counters["risk_passes"] = r.evaluations;
    // the optimum, for scripts/bench-peers.py to compare with SciPy's
    char label[120];
    std::snprintf(label, sizeof label, "objective %.12g, max risk - tau %.3g", r.objective, r.maxRisk - options.tau);
    state.SetLabel(label);
}
BENCHMARK_CAPTURE(BM_Optimize, qi_l3, rr::RandomizationMode::QI)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Optimize, both_l3, rr::RandomizationMode::Both)->Unit(benchmark::kMillisecond);

// The trade-off view's work: every mode's optimum at l = 2..7 with the trace of the covariance at each (003
// Problem 1 across tau; 18 optimizations). Goal: <= 20 ms.
void BM_TradeOffCurve(benchmark::State& state)
{
    rr::AnalysisSpec spec;
    spec.quasiIdentifiers = {"education", "marital-status", "sex", "race"};
    spec.sensitive = "workclass";
    const auto analysis = rr::prepareAnalysis(rr::testdata::adultComplete(), spec);
    int points = 0, passes = 0;
    for (auto _ : state) {
        rr::DisclosureRiskModel model = analysis->model;
        const rr::TradeOffCurve curve =
            rr::computeTradeOffCurve(*analysis, model, rr::UtilityMetric::TraceCovariance, 7, 1);
        points = static_cast<int>(curve.points.size());
        passes = 0;
        for (const auto& pt : curve.points)
            passes += pt.evaluations;
        benchmark::DoNotOptimize(curve.points.back().objective);
    }
    state.counters["points"] = points;
    state.counters["risk_passes"] = passes;
}
BENCHMARK(BM_TradeOffCurve)->Unit(benchmark::kMillisecond);

void BM_LoadAdult(benchmark::State& state)
{
    for (auto _ : state) {
        const rr::ContingencyTable joint = rr::testdata::emgrw(rr::testdata::adultComplete());
        benchmark::DoNotOptimize(joint.counts().data());
    }
}
BENCHMARK(BM_LoadAdult)->Unit(benchmark::kMillisecond);

} // namespace
