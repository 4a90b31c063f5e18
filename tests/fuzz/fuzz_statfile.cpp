// libFuzzer harness for the statistical-file reader (core/statfiles, through ReadStat): any bytes, written
// to a scratch file under each extension in turn (.sav, .por, .dta, .sas7bdat, .xpt), either open as a
// StatFileSource or raise rr::InputError; what opens agrees with itself: the streamed records, a page of
// rows and the counts of each attribute add up to the summary's rows.
// Build: see CMakeLists.txt here (fuzz_replay_statfile in every test build, fuzz_statfile with RR_BUILD_FUZZ).
#include "core/data/Errors.h"
#include "core/statfiles/StatFileSource.h"
#include "tests/fuzz/ScratchFile.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>

namespace {

struct Case {
    const char* suffix;
    rr::StatFormat format;
};

constexpr Case kCases[] = {{".sav", rr::StatFormat::Sav},
                           {".por", rr::StatFormat::Por},
                           {".dta", rr::StatFormat::Dta},
                           {".sas7bdat", rr::StatFormat::Sas7bdat},
                           {".xpt", rr::StatFormat::Xport}};

struct RowCount : rr::ChunkResult {
    std::size_t rows = 0;
};

void check(bool ok)
{
    if (!ok)
        std::abort();
}

void exercise(const std::string& path, rr::StatFormat format)
{
    const auto source = rr::StatFileSource::open(path, format);
    const rr::SourceSummary& s = source->summary();
    check(rr::statFormatOfPath(path) == format);
    for (const auto& a : s.attributes) {
        double total = a.missing;
        for (double c : a.counts)
            total += c;
        check(total == static_cast<double>(s.rows));
        check(a.categories.size() == a.counts.size());
    }
    std::size_t streamed = 0;
    rr::RecordScan scan;
    scan.map = [](const rr::RecordChunk& chunk) {
        auto r = std::make_unique<RowCount>();
        r->rows = chunk.rows;
        return std::unique_ptr<rr::ChunkResult>(std::move(r));
    };
    scan.reduce = [&](rr::ChunkResult& r) { streamed += static_cast<RowCount&>(r).rows; };
    source->scanRecords(scan);
    check(streamed == s.rows);
    const rr::RowPage page = source->rows(0, 3);
    check(page.values.size() == std::min<std::size_t>(3, s.rows));
    if (!s.attributes.empty() && s.rows > 0) {
        try {
            const rr::PreparedTable t = source->aggregate({s.attributes.front().name},
                                                         rr::MissingPolicy::DropIfUsedMissing);
            check(t.loadedRows == s.rows);
        } catch (const rr::InputError&) { // every value missing
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size > (std::size_t(1) << 20))
        return 0;
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    for (const Case& c : kCases) {
        static std::string paths[std::size(kCases)];
        std::string& path = paths[&c - kCases];
        if (path.empty())
            path = rr::fuzz::makeScratchFile(c.suffix);
        rr::fuzz::putScratch(path, bytes);
        try {
            exercise(path, c.format);
        } catch (const rr::InputError&) {
            // refused, with a reason: the expected outcome for most inputs
        }
    }
    return 0;
}
