// libFuzzer harness for the streaming count path that describe, risk and optimize use (core/contingency/
// CsvAggregate, core/datasource/CsvSource): any bytes as a CSV file either count or raise rr::InputError, and
// the counts do not depend on the threads or on which pass made them: aggregateCsv on one and on two
// threads, and CsvSource's deferred one-pass counts against its summary pass.
// Build: see CMakeLists.txt here (fuzz_replay_csv_aggregate in every test build, fuzz_csv_aggregate with
// RR_BUILD_FUZZ).
#include "core/datasource/CsvSource.h"
#include "core/contingency/CsvAggregate.h"
#include "core/data/Errors.h"
#include "tests/fuzz/ScratchFile.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace {

const std::string& scratch()
{
    static const std::string path = rr::fuzz::makeScratchFile(".csv");
    return path;
}

struct Counts {
    std::vector<std::string> attributes;
    std::vector<std::vector<std::string>> categories;
    std::vector<double> joint;
    std::size_t rows = 0, dropped = 0;
    bool operator==(const Counts&) const = default;
};

std::optional<Counts> count(const rr::CsvOptions& options, const rr::CsvAggregateRequest& request)
{
    try {
        const rr::CsvAggregate a = rr::aggregateCsv({scratch()}, options, request);
        Counts c{a.attributes, a.categories, {}, a.rows, a.droppedRows};
        for (std::size_t i = 0; i < a.joint.cellCount(); ++i)
            c.joint.push_back(a.joint.counts()(static_cast<Eigen::Index>(i)));
        return c;
    } catch (const rr::InputError&) {
        return std::nullopt;
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    // First byte: options (block size, delimiter given or detected, count column, missing policy, row index); the rest is the file.
    const std::uint8_t choice = data[0];
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    rr::fuzz::putScratch(scratch(), text);

    rr::CsvOptions options;
    options.threads = 1;
    options.limits = rr::csv::Limits{256, 4096};
    options.blockBytes = 16 + (choice & 0x0f) * 8; // records straddle blocks
    if (choice & 0x10)
        options.delimiter = ';'; // given, not detected
    if (choice & 0x20)
        options.countColumn = "n";
    rr::CsvAggregateRequest request;
    request.policy = (choice & 0x40) ? rr::MissingPolicy::DropIncomplete : rr::MissingPolicy::DropIfUsedMissing;
    request.rowIndex = (choice & 0x80) != 0;
    request.maxCells = 1 << 12;

    const std::optional<Counts> one = count(options, request);
    rr::CsvOptions two = options;
    two.threads = 2;
    two.blockBytes = std::max<std::size_t>(options.blockBytes, size / 32); // at most about 32 tasks
    if (count(two, request) != one)
        std::abort(); // the threads change nothing

    // CsvSource: the header alone, then counts of the first two attributes, deferred and after the summary.
    try {
        const auto deferred = rr::CsvSource::deferred({scratch()}, options);
        const std::vector<std::string> names = deferred->attributeNames();
        std::vector<std::string> asked(names.begin(), names.begin() + std::min<std::size_t>(2, names.size()));
        const auto lazy = deferred->describeAttributes(asked);
        const auto opened = rr::CsvSource::open({scratch()}, options);
        const auto eager = opened->describeAttributes(asked);
        if (lazy.size() != eager.size())
            std::abort();
        for (std::size_t i = 0; i < lazy.size(); ++i)
            if (lazy[i].categories != eager[i].categories)
                std::abort();
        (void)opened->rows(0, 3);
    } catch (const rr::InputError&) {
    }
    return 0;
}
