// Timings of the loglinear and independence passes (issue 9): IPF on a 5-way table of 10,368
// cells (6 x 6 x 6 x 6 x 8) for the all-two-way model (10 generators, no closed form) and a
// decomposable one; backward elimination on COIL A..E (5 binary attributes, N = 5,822) and A..G; one
// power simulation of 1,000 samples; parsing a 64 x 64 matrix file.
// Run: bench --benchmark_filter='BM_(Ipf|ModelSearch|Power|MatrixParse)' --benchmark_repetitions=10
//            --benchmark_report_aggregates_only=true
#include "CoilData.h"

#include "core/distortion/MatrixFile.h"
#include "core/independence/PowerSimulation.h"
#include "core/loglinear/Ipf.h"
#include "core/loglinear/ModelSearch.h"
#include "core/randomization/RandomSource.h"

#include <benchmark/benchmark.h>

#include <random>

namespace {

const std::vector<int> kFiveWay{6, 6, 6, 6, 8};

Eigen::VectorXd fiveWayCounts()
{
    std::mt19937_64 g(1);
    std::poisson_distribution<int> count(10.0);
    Eigen::VectorXd c(6 * 6 * 6 * 6 * 8);
    for (Eigen::Index i = 0; i < c.size(); ++i)
        c[i] = count(g);
    return c;
}

const rr::Table& coil()
{
    static const rr::Table t = rr::testdata::coilBinarized();
    return t;
}

void BM_IpfAllTwoWay5Way(benchmark::State& state)
{
    const Eigen::VectorXd counts = fiveWayCounts();
    const rr::HierarchicalModel model = rr::parseModel("AB,AC,AD,AE,BC,BD,BE,CD,CE,DE", {'A', 'B', 'C', 'D', 'E'});
    int iterations = 0;
    for (auto _ : state) {
        const rr::IpfFit fit = rr::fitIpf(counts, kFiveWay, model, {1e-8, 1000});
        iterations = fit.iterations;
        benchmark::DoNotOptimize(fit.fitted.data());
    }
    state.counters["cycles"] = iterations;
}
BENCHMARK(BM_IpfAllTwoWay5Way)->Unit(benchmark::kMillisecond);

void BM_IpfDecomposable5Way(benchmark::State& state)
{
    const Eigen::VectorXd counts = fiveWayCounts();
    const rr::HierarchicalModel model = rr::parseModel("ABC,CDE", {'A', 'B', 'C', 'D', 'E'});
    for (auto _ : state)
        benchmark::DoNotOptimize(rr::fitIpf(counts, kFiveWay, model).fitted.data());
}
BENCHMARK(BM_IpfDecomposable5Way)->Unit(benchmark::kMillisecond);

void BM_ModelSearchCoilAE(benchmark::State& state)
{
    const rr::ContingencyTable t = rr::testdata::coilTable(coil(), "ABCDE");
    for (auto _ : state)
        benchmark::DoNotOptimize(rr::backwardElimination(t, {'A', 'B', 'C', 'D', 'E'}).steps.size());
}
BENCHMARK(BM_ModelSearchCoilAE)->Unit(benchmark::kMillisecond);

void BM_ModelSearchCoilAG(benchmark::State& state) // the largest search offered (kMaxSearchAxes = 7)
{
    const rr::ContingencyTable t = rr::testdata::coilTable(coil(), "ABCDEFG");
    for (auto _ : state)
        benchmark::DoNotOptimize(rr::backwardElimination(t, {'A', 'B', 'C', 'D', 'E', 'F', 'G'}).steps.size());
}
BENCHMARK(BM_ModelSearchCoilAG)->Unit(benchmark::kMillisecond);

void BM_PowerSimulation1000(benchmark::State& state)
{
    const rr::ContingencyTable t = rr::testdata::coilTable(coil(), "AD");
    const std::vector<rr::DistortionMatrix> m(2, rr::DistortionMatrix::warner(2, 0.7));
    rr::PowerOptions o;
    o.replicates = 1000;
    rr::RandomSource rng = rr::RandomSource::seeded(1);
    for (auto _ : state)
        benchmark::DoNotOptimize(rr::simulatePower(t, 0, 1, {}, m, o, rng).randomized);
}
BENCHMARK(BM_PowerSimulation1000)->Unit(benchmark::kMillisecond);

void BM_MatrixParse64(benchmark::State& state)
{
    std::mt19937_64 g(2);
    std::uniform_real_distribution<double> u(0.1, 1.0);
    Eigen::MatrixXd m(64, 64);
    for (int c = 0; c < 64; ++c) {
        for (int r = 0; r < 64; ++r)
            m(r, c) = u(g);
        m.col(c) /= m.col(c).sum();
    }
    const std::string text = rr::formatMatrixCsv(m);
    for (auto _ : state)
        benchmark::DoNotOptimize(rr::parseMatrixCsv(text).matrix.data());
}
BENCHMARK(BM_MatrixParse64)->Unit(benchmark::kMicrosecond);

} // namespace
