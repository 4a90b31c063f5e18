// Timings of the baselines on ESGRO (003 Sec. 5.3.3) at l = 3..7: the lattice search for entropy
// l-diversity, anatomy, RR-QI (optimizer + simulated randomization + reconstruction) and the full
// comparison; nodes checked are reported as a counter.
#include "EsgroData.h"

#include "core/anonymization/Anatomy.h"
#include "core/anonymization/EntropyLDiversity.h"
#include "core/anonymization/InformationLoss.h"
#include "core/anonymization/LatticeSearch.h"
#include "core/comparison/Comparison.h"
#include "core/comparison/RandomizationEstimate.h"

#include <benchmark/benchmark.h>

#include <numeric>

namespace {

const rr::testdata::Esgro& esgroData()
{
    static const rr::testdata::Esgro e = rr::testdata::esgro();
    return e;
}

const rr::ContingencyTable& esgroJoint()
{
    static const rr::ContingencyTable joint = [] {
        const auto& e = esgroData();
        std::vector<int> used = e.qi;
        used.push_back(e.sensitive);
        std::vector<uint32_t> rows(e.table.rowCount());
        std::iota(rows.begin(), rows.end(), 0u);
        return rr::buildContingency(e.table, used, rows);
    }();
    return joint;
}

void BM_LatticeSearch(benchmark::State& state)
{
    const auto& e = esgroData();
    const rr::EntropyLDiversity model(static_cast<double>(state.range(0)));
    const auto metric = rr::makeInformationLossMetric(rr::LossMetricKind::Discernibility);
    std::size_t checked = 0;
    for (auto _ : state) {
        const auto r = rr::findOptimalNode(esgroJoint(), e.hierarchies, {&model}, *metric);
        checked = r.nodesChecked;
        benchmark::DoNotOptimize(r.metricValue);
    }
    state.counters["nodes_checked"] = static_cast<double>(checked);
}

void BM_Anatomy(benchmark::State& state)
{
    const auto& e = esgroData();
    for (auto _ : state) {
        const auto r = rr::anatomize(e.table, e.sensitive, static_cast<int>(state.range(0)));
        benchmark::DoNotOptimize(r.groupSize.data());
    }
}

void BM_RandomizationQI(benchmark::State& state)
{
    for (auto _ : state) {
        rr::RandomSource rng = rr::RandomSource::seeded(1);
        const auto r = rr::randomizationEstimates(esgroJoint(), 1.0 / static_cast<double>(state.range(0)), rng);
        benchmark::DoNotOptimize(r.fromSimulated.data());
    }
}

void BM_FullComparison(benchmark::State& state)
{
    const auto& e = esgroData();
    rr::ComparisonOptions o;
    o.l = static_cast<int>(state.range(0));
    o.seed = 1;
    for (auto _ : state) {
        const auto r = rr::compareReleases(e.table, e.qi, e.sensitive, e.hierarchies, o);
        benchmark::DoNotOptimize(r.secondsTotal);
    }
}

} // namespace

BENCHMARK(BM_LatticeSearch)->DenseRange(3, 7)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Anatomy)->DenseRange(3, 7)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RandomizationQI)->DenseRange(3, 7)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FullComparison)->DenseRange(3, 7)->Unit(benchmark::kMillisecond);
