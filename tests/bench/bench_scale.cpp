// Large domains and large files (issue 13): one disclosure-risk pass at D = 1e6 and 1e7 synthetic cells
// on 1 and 2 threads (counter ns_cell_core: wall time x threads / D, the goal is <= 1.5), the optimizer
// (RR-Both, tau 0.4) at D = 1e7, and CSV aggregation of a 1M-row Adult-repeated file on 1 and 2 threads
// (bytes_per_second). Run:
//   bench --benchmark_filter='BM_Scale' --benchmark_repetitions=10 --benchmark_report_aggregates_only=true
#include "TestData.h"

#include "core/contingency/CsvAggregate.h"
#include "core/optimization/OptimalParameters.h"
#include "core/randomization/RandomSource.h"
#include "core/risk/DisclosureRisk.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>

namespace {

// 1e6: 100 x 50 x 50 x 4; 1e7: 100 x 100 x 250 x 4 (QIs, then S); 30% of the cells hold 1..5 records.
const rr::ContingencyTable& syntheticJoint(long cells)
{
    static std::map<long, std::unique_ptr<rr::ContingencyTable>> cache;
    auto& slot = cache[cells];
    if (!slot) {
        const std::vector<int> dims =
            cells == 1'000'000 ? std::vector<int>{100, 50, 50, 4} : std::vector<int>{100, 100, 250, 4};
        slot = std::make_unique<rr::ContingencyTable>(dims);
        rr::RandomSource random = rr::RandomSource::seeded(11);
        for (Eigen::Index i = 0; i < slot->counts().size(); ++i)
            slot->counts()[i] = random.uniform01() < 0.3 ? double(1 + random.below(5)) : 0.0;
    }
    return *slot;
}

// One risk pass over `cells` joint cells on `threads` threads, timed through `pass` (the full per-cell vector,
// or the optimizer's largest risk only). Two p vectors in turn: the same QI p twice would reuse the QIs'
// part, the same p_s each row's bound, so every timed pass is a full one.
template <typename Pass>
void timeRiskPass(benchmark::State& state, Pass pass)
{
    const long cells = state.range(0);
    const int threads = static_cast<int>(state.range(1));
    rr::DisclosureRiskModel model(syntheticJoint(cells));
    model.setThreads(threads);
    const std::vector<double> p{0.7, 0.8, 0.75, 0.6}, q{0.71, 0.8, 0.75, 0.61};
    bool flip = false;
    for (auto _ : state)
        pass(model, (flip = !flip) ? p : q);
    const rr::riskkernels::KernelBuild build = rr::riskkernels::kernelBuildInUse();
    state.SetLabel(build == rr::riskkernels::KernelBuild::Avx512 ? "avx512"
                   : build == rr::riskkernels::KernelBuild::Avx2 ? "avx2"
                                                                 : "baseline");
    state.counters["ns_cell_core"] = benchmark::Counter(
        double(cells) / threads * 1e-9, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void BM_ScaleRiskPass(benchmark::State& state)
{
    timeRiskPass(state, [](rr::DisclosureRiskModel& m, const std::vector<double>& p) {
        benchmark::DoNotOptimize(m.evaluateWarner(p).data());
    });
}
BENCHMARK(BM_ScaleRiskPass)
    ->Args({1'000'000, 1})
    ->Args({1'000'000, 2})
    ->Args({10'000'000, 1})
    ->Args({10'000'000, 2})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

// The optimizer's pass: the largest risk only, no per-cell vector written.
void BM_ScaleRiskMax(benchmark::State& state)
{
    timeRiskPass(state, [](rr::DisclosureRiskModel& m, const std::vector<double>& p) {
        benchmark::DoNotOptimize(m.maxRiskWarner(p));
    });
}
BENCHMARK(BM_ScaleRiskMax)
    ->Args({1'000'000, 1})
    ->Args({10'000'000, 1})
    ->Args({10'000'000, 2})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

void BM_ScaleOptimize(benchmark::State& state)
{
    const int threads = static_cast<int>(state.range(0));
    rr::OptimizationOptions opt;
    opt.mode = rr::RandomizationMode::Both;
    opt.tau = 0.4;
    rr::OptimizationResult result;
    for (auto _ : state) {
        rr::DisclosureRiskModel model(syntheticJoint(10'000'000));
        model.setThreads(threads);
        result = rr::optimizeParameters(model, opt); // used below (DoNotOptimize on it garbled the double)
    }
    // What stays the same from one build to the next: the optimum (objective, its max risk) and the passes.
    char label[200];
    std::snprintf(label, sizeof label, "objective %.12g, max risk - tau %.3g, p %.9f %.9f %.9f %.9f",
                  result.objective, result.maxRisk - opt.tau, result.p[0], result.p[1], result.p[2], result.p[3]);
    state.SetLabel(label);
    state.counters["risk_passes"] = result.evaluations;
}
BENCHMARK(BM_ScaleOptimize)->Arg(1)->Arg(2)->UseRealTime()->Iterations(1)->Unit(benchmark::kMillisecond);

// The bundled Adult rows repeated to 1,000,000 data rows in a temporary file (about 108 MB).
const std::string& bigAdult()
{
    static const std::string path = [] {
        const auto file = std::filesystem::temp_directory_path() / "rr-bench-adult-1m.csv";
        std::ifstream train(rr::testdata::sharedData("adult/adult.data.csv"));
        std::ifstream test(rr::testdata::sharedData("adult/adult.test.csv"));
        std::string header, line;
        std::getline(train, header);
        std::getline(test, line);
        std::vector<std::string> rows;
        while (std::getline(train, line))
            rows.push_back(line);
        while (std::getline(test, line))
            rows.push_back(line);
        std::ofstream out(file, std::ios::binary);
        out << header << '\n';
        for (std::size_t r = 0; r < 1'000'000; ++r)
            out << rows[r % rows.size()] << '\n';
        return file.string();
    }();
    return path;
}

void BM_ScaleCsvAggregate(benchmark::State& state)
{
    rr::CsvOptions options;
    options.threads = static_cast<unsigned>(state.range(0));
    rr::CsvAggregateRequest request;
    request.attributes = {"education", "marital-status", "sex", "race", "workclass"};
    request.policy = rr::MissingPolicy::DropIncomplete;
    const std::string& path = bigAdult();
    for (auto _ : state)
        benchmark::DoNotOptimize(rr::aggregateCsv({path}, options, request).records);
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                            static_cast<std::int64_t>(std::filesystem::file_size(path)));
}
BENCHMARK(BM_ScaleCsvAggregate)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

} // namespace
