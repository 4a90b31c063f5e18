// Timings of the measures and rules (issue 8): all 21 measures with delta variances and ranges for one pair
// (COIL G,H randomized at p = 0.9; goal <= 20 us), and mining COIL's ten items with ranges (goal <= 20 ms)
// at p = 0.65 (the noisiest) for each decision rule.
// Run: bench --benchmark_filter='BM_(Pair|Mine|Compare)' --benchmark_repetitions=10
//            --benchmark_report_aggregates_only=true
#include "CoilData.h"

#include "core/measures/PairMeasures.h"
#include "core/randomization/Randomize.h"
#include "core/rules/Apriori.h"
#include "core/rules/RuleErrorMetrics.h"

#include <benchmark/benchmark.h>

namespace {

const rr::Table& coil()
{
    static const rr::Table t = rr::testdata::coilBinarized();
    return t;
}

rr::BinaryItems items(const rr::Table& t)
{
    std::vector<int> attributes(10), present(10, 1);
    std::iota(attributes.begin(), attributes.end(), 0);
    return rr::binaryItems(t, attributes, present);
}

rr::RandomizedItems randomizedCoil(double p)
{
    std::map<int, rr::DistortionMatrix> m;
    for (int i = 0; i < 10; ++i)
        m.emplace(i, rr::DistortionMatrix::warner(2, p));
    rr::RandomSource rng = rr::RandomSource::seeded(65);
    return {items(rr::randomizeTable(coil(), m, rng)), std::vector<rr::DistortionMatrix>(10, m.at(0))};
}

void BM_PairMeasures(benchmark::State& state)
{
    const rr::RandomizedItems r = randomizedCoil(0.9);
    rr::PairInput in;
    in.randomizedCounts = rr::itemsetCounts(r.data, {6, 7});
    in.first = in.second = rr::DistortionMatrix::warner(2, 0.9);
    for (auto _ : state)
        benchmark::DoNotOptimize(rr::estimatePairMeasures(in).measures.data());
}
BENCHMARK(BM_PairMeasures)->Unit(benchmark::kMicrosecond);

void BM_MineCoilRules(benchmark::State& state)
{
    const rr::RandomizedItems r = randomizedCoil(0.65);
    rr::RuleMiningOptions o;
    o.decision = static_cast<rr::RuleDecision>(state.range(0));
    std::size_t rules = 0;
    for (auto _ : state) {
        const rr::RuleMiningResult m = rr::mineRules(r, o);
        rules = m.rules.size();
        benchmark::DoNotOptimize(m.rules.data());
    }
    state.counters["rules"] = double(rules);
}
// 0 = by the estimate, 1 = by the lower bound, 2 = by the upper bound
BENCHMARK(BM_MineCoilRules)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

void BM_CompareCoilRules(benchmark::State& state)
{
    const rr::RandomizedItems r = randomizedCoil(0.65);
    const rr::BinaryItems original = items(coil());
    const rr::RuleMiningOptions o;
    for (auto _ : state)
        benchmark::DoNotOptimize(rr::compareRules(original, r, o).rules.data());
}
BENCHMARK(BM_CompareCoilRules)->Unit(benchmark::kMillisecond);

} // namespace
