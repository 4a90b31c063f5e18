// A 1M-row Adult file counted as CSV and as Stata .dta (issue 21, speed: the .dta at >= 50% of the CSV
// path's bytes per second): open, then aggregate over 5 attributes; bytes_per_second is each file's size
// per pass. The .dta is written once by the project's own StatTableWriter (ReadStat's writer, release 118:
// every column labelled doubles, 8 bytes a value, 120 MB where pandas' byte codes take 33 MB; '?' as
// missing), the CSV (108 MB) as bench_scale.cpp's: compare times as well as bytes per second. Variants: the .dta through ReadStat
// only (the path before the direct reader), and the CSV deferred (one pass, as the CLI reads it). Run:
//   bench --benchmark_filter='BM_StatFile' --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include "TestData.h"

#include "core/datasource/CsvSource.h"
#include "core/statfiles/StatFileReleaseTarget.h"
#include "core/statfiles/StatFileSource.h"

#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace {

const std::vector<std::string> kAttributes{"education", "marital_status", "sex", "race", "workclass"};

struct BigAdult {
    std::string csv, dta;
};

std::vector<std::string> splitComma(const std::string& line)
{
    std::vector<std::string> out;
    std::stringstream in(line);
    std::string field;
    while (std::getline(in, field, ','))
        out.push_back(field.substr(field.find_first_not_of(' ') == std::string::npos ? field.size()
                                                                                     : field.find_first_not_of(' ')));
    return out;
}

// The bundled Adult rows repeated to 1,000,000 rows, as CSV (header names with '_') and as .dta.
const BigAdult& bigAdult()
{
    static const BigAdult files = [] {
        BigAdult f;
        const auto dir = std::filesystem::temp_directory_path();
        f.csv = (dir / "rr-bench-statfile-adult-1m.csv").string();
        f.dta = (dir / "rr-bench-statfile-adult-1m.dta").string();
        std::ifstream train(rr::testdata::sharedData("adult/adult.data.csv"));
        std::ifstream test(rr::testdata::sharedData("adult/adult.test.csv"));
        std::string header, line;
        std::getline(train, header);
        std::getline(test, line);
        for (char& c : header)
            c = c == '-' ? '_' : c;
        std::vector<std::string> rows;
        while (std::getline(train, line))
            rows.push_back(line);
        while (std::getline(test, line))
            rows.push_back(line);
        std::vector<std::string> names = splitComma(header);
        {
            std::ofstream out(f.csv, std::ios::binary);
            out << header << '\n';
            for (std::size_t r = 0; r < 1'000'000; ++r)
                out << rows[r % rows.size()] << '\n';
        }
        rr::StatTableWriter writer(f.dta, rr::StatFormat::Dta, names,
                                   std::vector<const rr::AttributeDetails*>(names.size(), nullptr));
        std::vector<std::vector<std::optional<std::string>>> parsed;
        for (const auto& row : rows) {
            std::vector<std::optional<std::string>> fields;
            for (auto& v : splitComma(row))
                fields.push_back(v == "?" ? std::nullopt : std::optional<std::string>(v));
            fields.resize(names.size());
            parsed.push_back(std::move(fields));
        }
        for (std::size_t r = 0; r < 1'000'000; ++r)
            writer.add(parsed[r % parsed.size()]);
        std::ofstream out(f.dta, std::ios::binary);
        writer.write(out);
        return f;
    }();
    return files;
}

void BM_StatFileCountCsv(benchmark::State& state)
{
    const std::string& path = bigAdult().csv;
    const bool deferred = state.range(0) == 1;
    for (auto _ : state) {
        const auto source = deferred ? rr::CsvSource::deferred({path}) : rr::CsvSource::open({path});
        benchmark::DoNotOptimize(source->aggregate(kAttributes, rr::MissingPolicy::DropIfUsedMissing).records);
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                            static_cast<std::int64_t>(std::filesystem::file_size(path)));
    state.SetLabel(deferred ? "csv deferred (one pass)" : "csv open + aggregate");
}
BENCHMARK(BM_StatFileCountCsv)->Arg(0)->Arg(1)->UseRealTime()->Unit(benchmark::kMillisecond);

void BM_StatFileCountDta(benchmark::State& state)
{
    const std::string& path = bigAdult().dta;
    const auto reading = state.range(0) == 0 ? rr::StatFileReading::Direct : rr::StatFileReading::ReadStatOnly;
    for (auto _ : state) {
        const auto source = rr::StatFileSource::open(path, rr::StatFormat::Dta, {}, reading);
        benchmark::DoNotOptimize(source->aggregate(kAttributes, rr::MissingPolicy::DropIfUsedMissing).records);
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                            static_cast<std::int64_t>(std::filesystem::file_size(path)));
    state.SetLabel(reading == rr::StatFileReading::Direct ? "dta direct" : "dta through ReadStat");
}
BENCHMARK(BM_StatFileCountDta)->Arg(0)->Arg(1)->UseRealTime()->Unit(benchmark::kMillisecond);

} // namespace
