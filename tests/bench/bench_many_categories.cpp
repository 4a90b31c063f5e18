// Randomizing an attribute with 30,000 categories (more than Adult's fnlwgt, 21,648): Warner's mechanism
// drawn from p alone, O(1) per value; before, a dense 30,000 x 30,000 matrix was built (7 GB, 83 s for
// fnlwgt). Records (60,000 of them) and counts (one category of 10^6 records, the others 2 each).
// Run: bench --benchmark_filter=BM_ManyCategories --benchmark_repetitions=10
//            --benchmark_report_aggregates_only=true
#include "core/distortion/DistortionMatrix.h"
#include "core/randomization/RandomSource.h"
#include "core/randomization/Randomize.h"

#include <benchmark/benchmark.h>

namespace {

constexpr int kCategories = 30000;

void BM_ManyCategoriesRandomizeRecords(benchmark::State& state)
{
    rr::Table t;
    rr::Attribute a;
    a.name = "id";
    for (int k = 0; k < kCategories; ++k)
        a.categories.push_back(std::string(1, 'v').append(std::to_string(k)));
    for (int i = 0; i < 2 * kCategories; ++i)
        a.codes.push_back(i % kCategories);
    t.attributes.push_back(std::move(a));
    rr::RandomSource rng = rr::RandomSource::seeded(1);
    for (auto _ : state) {
        // the matrix is part of the work: it used to be the d x d allocation
        const std::map<int, rr::DistortionMatrix> m{{0, rr::DistortionMatrix::warner(kCategories, 0.7)}};
        benchmark::DoNotOptimize(rr::randomizeTable(t, m, rng).attributes.data());
    }
}
BENCHMARK(BM_ManyCategoriesRandomizeRecords)->Unit(benchmark::kMillisecond);

void BM_ManyCategoriesRandomizeCounts(benchmark::State& state)
{
    Eigen::VectorXd counts = Eigen::VectorXd::Constant(kCategories, 2.0);
    counts[7] = 1e6;
    rr::RandomSource rng = rr::RandomSource::seeded(1);
    for (auto _ : state) {
        const std::vector<rr::DistortionMatrix> m{rr::DistortionMatrix::warner(kCategories, 0.7)};
        benchmark::DoNotOptimize(rr::randomizeCounts(counts, {kCategories}, m, rng).data());
    }
}
BENCHMARK(BM_ManyCategoriesRandomizeCounts)->Unit(benchmark::kMillisecond);

} // namespace
