// Timings of the baskets workspace's expensive steps on retail (88,162 baskets, 16,470 items): reading the
// file, one cut-and-paste randomization (004 Def. 8, K = 7 as in 004 Sec. 5.4, rho = 0.002: ~33 false items a
// basket), recovering 10,000 candidate itemsets from that release (004 Statement 3 per basket size), mining it
// at s_min = 0.5% (004 Sec. 4.5), and the maximum supports s_max(k, m) for k <= 5 (Sec. 4.4).
// Run: bench --benchmark_filter=BM_Baskets --benchmark_repetitions=10 --benchmark_report_aggregates_only=true
#include "TestData.h"

#include "core/baskets/Apriori.h"
#include "core/baskets/FimiReader.h"
#include "core/baskets/MaxSupports.h"
#include "core/baskets/RandomizeBaskets.h"
#include "core/baskets/SupportEstimator.h"

#include <benchmark/benchmark.h>

namespace {

const std::string kRetail = rr::testdata::sharedData("retail/retail.dat");

const rr::Transactions& retail()
{
    static const rr::Transactions t = rr::readFimiFile(kRetail).transactions;
    return t;
}

const rr::BasketOperator& cutAndPaste()
{
    static const rr::BasketOperator op = rr::cutAndPasteOperator(7, 0.002, 76);
    return op;
}

const rr::BasketRelease& release()
{
    static const rr::BasketRelease r = [] {
        rr::RandomSource rng = rr::RandomSource::seeded(42);
        return rr::randomizeBaskets(retail(), cutAndPaste(), rng);
    }();
    return r;
}

// 10,000 candidates: every pair of the 141 most frequent items (9,870) and 130 triples of the top ones.
std::vector<std::vector<std::uint32_t>> candidates()
{
    const rr::BasketSummary s = rr::summarize(retail());
    std::vector<std::uint32_t> items(s.itemCount);
    for (std::uint32_t a = 0; a < s.itemCount; ++a)
        items[a] = a;
    std::sort(items.begin(), items.end(), [&](auto x, auto y) { return s.itemCounts[x] > s.itemCounts[y]; });
    std::vector<std::vector<std::uint32_t>> out;
    for (std::size_t i = 0; i < 141; ++i)
        for (std::size_t j = i + 1; j < 141; ++j)
            out.push_back({std::min(items[i], items[j]), std::max(items[i], items[j])});
    for (std::size_t i = 0; out.size() < 10000; ++i) {
        std::vector<std::uint32_t> t{items[i % 10], items[10 + i / 10], items[30 + i % 13]};
        std::sort(t.begin(), t.end());
        out.push_back(t);
    }
    return out;
}

void BM_BasketsReadRetail(benchmark::State& state)
{
    for (auto _ : state) {
        const rr::FimiData d = rr::readFimiFile(kRetail);
        benchmark::DoNotOptimize(d.transactions.items.data());
    }
}
BENCHMARK(BM_BasketsReadRetail)->Unit(benchmark::kMillisecond);

void BM_BasketsCutAndPasteRetail(benchmark::State& state)
{
    rr::RandomSource rng = rr::RandomSource::seeded(7);
    std::size_t occurrences = 0;
    for (auto _ : state) {
        const rr::BasketRelease r = rr::randomizeBaskets(retail(), cutAndPaste(), rng);
        occurrences = r.baskets.occurrences();
        benchmark::DoNotOptimize(r.baskets.items.data());
    }
    state.counters["occurrences"] = static_cast<double>(occurrences);
}
BENCHMARK(BM_BasketsCutAndPasteRetail)->Unit(benchmark::kMillisecond);

void BM_BasketsCutAndPasteRetailSecure(benchmark::State& state)
{
    rr::RandomSource rng = rr::RandomSource::secure();
    for (auto _ : state) {
        const rr::BasketRelease r = rr::randomizeBaskets(retail(), cutAndPaste(), rng);
        benchmark::DoNotOptimize(r.baskets.items.data());
    }
}
BENCHMARK(BM_BasketsCutAndPasteRetailSecure)->Unit(benchmark::kMillisecond);

void BM_BasketsRecover10000(benchmark::State& state)
{
    const auto itemsets = candidates();
    release();
    for (auto _ : state) {
        rr::SupportEstimator est(release(), cutAndPaste());
        const auto estimates = est.estimateAll(itemsets);
        benchmark::DoNotOptimize(estimates.data());
    }
    state.counters["itemsets"] = static_cast<double>(itemsets.size());
}
BENCHMARK(BM_BasketsRecover10000)->Unit(benchmark::kMillisecond);

void BM_BasketsMineRelease(benchmark::State& state)
{
    rr::BasketMiningOptions o;
    o.minSupport = 0.005;
    o.maxItemsetSize = 4;
    release();
    std::size_t found = 0;
    for (auto _ : state) {
        const rr::BasketMiningResult r = rr::mineRelease(release(), cutAndPaste(), o);
        found = r.frequent.size();
        benchmark::DoNotOptimize(r.frequent.data());
    }
    state.counters["itemsets"] = static_cast<double>(found);
}
BENCHMARK(BM_BasketsMineRelease)->Unit(benchmark::kMillisecond);

void BM_BasketsMaxSupports(benchmark::State& state)
{
    rr::MaxSupportOptions o;
    o.maxItemsetSize = 5;
    for (auto _ : state) {
        const rr::MaxSupports s = rr::computeMaxSupports(retail(), o);
        benchmark::DoNotOptimize(s.all.data());
    }
}
BENCHMARK(BM_BasketsMaxSupports)->Unit(benchmark::kMillisecond);

} // namespace
