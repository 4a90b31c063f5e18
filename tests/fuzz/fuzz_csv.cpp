// libFuzzer harness for the CSV engine (core/data/CsvTokenizer, CsvScan, CsvReader). Any bytes either read
// into a table or raise rr::InputError, and the answer does not depend on where the blocks are cut or how
// many threads parse them: the input is read once in one block on one thread and once in blocks of 1 to 64
// bytes (chosen by the first byte) on one thread, or on two threads in at most about 32 blocks, so records
// straddle block boundaries everywhere, as they straddle the reader's real blocks in large files. The
// tokenizer is also run directly, whole and split at a complete record, and must give the same records both
// ways.
// Build: see CMakeLists.txt here (fuzz_replay_csv in every test build, fuzz_csv with RR_BUILD_FUZZ).
#include "core/data/CsvReader.h"
#include "core/data/CsvTokenizer.h"
#include "core/data/Errors.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <unistd.h>
#include <vector>

namespace {

struct Collect : rr::csv::RecordHandler {
    std::vector<std::vector<std::string>> records;
    bool record(const std::string_view* fields, std::size_t count, std::size_t) override
    {
        records.emplace_back(fields, fields + count);
        return true;
    }
};

// Records of `text` parsed as one block; nullopt on an error.
std::optional<std::vector<std::vector<std::string>>> tokenize(std::string_view text)
{
    rr::csv::BlockParser parser(',', rr::csv::Limits{256, 4096});
    Collect c;
    std::optional<rr::csv::BlockError> error;
    parser.parse(text, c, error);
    if (error)
        return std::nullopt;
    return c.records;
}

const std::string& scratchFile()
{
    static const std::string path = [] {
        char name[] = "/tmp/rr-fuzz-csv-XXXXXX";
        const int fd = ::mkstemp(name);
        if (fd < 0)
            std::abort();
        ::close(fd);
        return std::string(name);
    }();
    return path;
}

struct Outcome {
    bool ok = false;
    std::string message;
    rr::Table table;
};

Outcome read(const rr::CsvOptions& options)
{
    Outcome o;
    try {
        o.table = rr::readCsv({scratchFile()}, options);
        o.ok = true;
    } catch (const rr::InputError& e) {
        o.message = e.what();
    }
    return o;
}

bool sameTable(const rr::Table& a, const rr::Table& b)
{
    if (a.attributes.size() != b.attributes.size() || a.weights != b.weights)
        return false;
    for (std::size_t k = 0; k < a.attributes.size(); ++k) {
        const auto& x = a.attributes[k];
        const auto& y = b.attributes[k];
        if (x.name != y.name || x.categories != y.categories || x.codes != y.codes)
            return false;
    }
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    const std::size_t blockBytes = 1 + data[0] % 64; // bits 0-5 (bit 7: threads)
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);

    // Tokenizer: whole vs split at the last complete record of a prefix.
    if (const auto whole = tokenize(text)) {
        const std::size_t cut = rr::csv::lastRecordEnd(text.substr(0, text.size() / 2));
        if (cut != std::string::npos) {
            const auto head = tokenize(text.substr(0, cut));
            const auto tail = tokenize(text.substr(cut));
            if (!head || !tail)
                std::abort(); // a record the whole parse accepted fails once cut at a record boundary
            auto joined = *head;
            joined.insert(joined.end(), tail->begin(), tail->end());
            if (joined != *whole)
                std::abort();
        }
    }

    // Reader: one block on one thread vs small blocks on one or two threads.
    std::FILE* f = std::fopen(scratchFile().c_str(), "wb");
    if (!f)
        std::abort();
    if (!text.empty() && std::fwrite(text.data(), 1, text.size(), f) != text.size())
        std::abort();
    std::fclose(f);
    rr::CsvOptions one;
    one.threads = 1;
    one.limits = rr::csv::Limits{256, 4096};
    rr::CsvOptions many = one;
    many.threads = data[0] & 0x80 ? 2 : 1; // threads cost a start each: one input in two
    // Two threads start one task per block: at most about 32 blocks then (tiny blocks on one thread already
    // cut records everywhere). A thread per byte made slow inputs that timed out on a loaded machine.
    many.blockBytes = many.threads > 1 ? std::max(blockBytes, text.size() / 32 + 1) : blockBytes;
    const Outcome a = read(one);
    const Outcome b = read(many);
    if (a.ok != b.ok || (a.ok && !sameTable(a.table, b.table)) || (!a.ok && a.message != b.message))
        std::abort();
    return 0;
}
