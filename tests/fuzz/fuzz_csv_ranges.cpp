// libFuzzer harness for counting a CSV file in byte ranges (CsvOptions::range, the Dask count's parts): any
// bytes as a file and any cuts either count or raise rr::InputError, and when the whole file counts, the
// distinct cells of the ranges of a partition of it add up to the whole file's (every record once, none split).
// Build: see CMakeLists.txt here (fuzz_replay_csv_ranges in every test build, fuzz_csv_ranges with RR_BUILD_FUZZ).
#include "core/contingency/CodeCounts.h"
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

std::optional<rr::Table> cells(const std::string& path, const rr::CsvOptions& options)
{
    rr::CsvAggregateRequest request;
    request.cells = true;
    request.maxCells = 1 << 12;
    try {
        return rr::aggregateCsv({path}, options, request).cells;
    } catch (const rr::InputError&) {
        return std::nullopt;
    }
}

bool sameCells(const rr::Table& a, const rr::Table& b)
{
    if (a.attributes.size() != b.attributes.size() || a.weights != b.weights)
        return false;
    for (std::size_t k = 0; k < a.attributes.size(); ++k)
        if (a.attributes[k].categories != b.attributes[k].categories || a.attributes[k].codes != b.attributes[k].codes)
            return false;
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size < 3)
        return 0;
    // Bytes 0-1: where the file is cut (up to three cuts) and the block size; the rest is the file.
    const std::uint8_t a = data[0], b = data[1];
    const std::string_view text(reinterpret_cast<const char*>(data + 2), size - 2);
    static const std::string path = rr::fuzz::makeScratchFile(".csv");
    rr::fuzz::putScratch(path, text);

    rr::CsvOptions options;
    options.threads = 1 + (b & 1);
    options.limits = rr::csv::Limits{256, 4096};
    options.blockBytes = 16 + ((b >> 1) & 0x0f) * 8; // records straddle blocks
    const std::optional<rr::Table> whole = cells(path, options);

    std::vector<std::uint64_t> cuts{0, text.size()};
    const std::size_t n = text.size() + 1;
    cuts.push_back((a * 131u + b) % n);
    cuts.push_back((a * 7u + 3u) % n);
    if (b & 0x20)
        cuts.push_back((b * 97u + a) % n);
    std::sort(cuts.begin(), cuts.end());
    std::optional<rr::Table> summed;
    bool refused = false;
    std::size_t quotes = 0;
    for (std::size_t k = 0; k + 1 < cuts.size(); ++k) {
        rr::CsvOptions o = options;
        o.range = rr::CsvOptions::ByteRange{cuts[k], cuts[k + 1], quotes % 2 == 1};
        quotes += static_cast<std::size_t>(std::count(text.begin() + static_cast<std::ptrdiff_t>(cuts[k]),
                                                      text.begin() + static_cast<std::ptrdiff_t>(cuts[k + 1]), '"'));
        const std::optional<rr::Table> part = cells(path, o);
        if (!part) {
            refused = true;
            continue;
        }
        if (part->attributes.empty())
            continue;
        try {
            summed = summed ? rr::addCounts(*summed, *part) : *part;
        } catch (const rr::InputError&) {
            refused = true;
        }
    }
    // A file the whole pass counts: its parts count too, and add up to it (an empty part has no cells).
    if (whole && !refused && summed && !sameCells(*whole, *summed))
        std::abort();
    if (whole && refused)
        std::abort(); // a part refused what the whole accepted
    return 0;
}
