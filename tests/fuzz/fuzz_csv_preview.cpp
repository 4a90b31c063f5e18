// libFuzzer harness for the import dialog's CSV preview and delimiter detection (core/data/CsvPreview):
// any bytes either preview or raise rr::InputError; a preview's rows have as many fields as their missing
// flags, never more rows than asked, and guessCsvOptions and detectDelimiter answer for any first line.
// Build: see CMakeLists.txt here (fuzz_replay_csv_preview in every test build, fuzz_csv_preview with
// RR_BUILD_FUZZ).
#include "core/data/CsvPreview.h"
#include "core/data/CsvReader.h"
#include "core/data/Errors.h"
#include "tests/fuzz/ScratchFile.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    static const std::string path = rr::fuzz::makeScratchFile(".csv");
    // First byte: delimiter (detected, ',', ';', tab), header or not, how many rows and bytes to read.
    const std::uint8_t choice = data[0];
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    rr::fuzz::putScratch(path, text);

    const char delimiter = "\0,;\t"[choice & 3];
    (void)rr::detectDelimiter(std::string(text.substr(0, text.find('\n'))));
    rr::CsvOptions options;
    options.delimiter = delimiter;
    options.hasHeader = (choice & 4) == 0;
    options.limits = rr::csv::Limits{256, 4096};
    const std::size_t maxRows = (choice >> 3) & 7;
    const std::size_t maxBytes = std::size_t(1) << (4 + (choice >> 6) * 4); // 16 B .. 64 KiB
    try {
        const rr::CsvPreview p = rr::previewCsv(path, options, maxRows, maxBytes);
        if (p.rows.size() > maxRows || p.rows.size() != p.missing.size())
            std::abort();
        if (p.delimiter != ',' && p.delimiter != ';' && p.delimiter != '\t')
            std::abort();
        for (std::size_t i = 0; i < p.rows.size(); ++i)
            if (p.rows[i].size() != p.missing[i].size())
                std::abort();
        (void)rr::headerLooksLikeData(p);
    } catch (const rr::InputError&) {
    }
    try {
        (void)rr::guessCsvOptions(path);
    } catch (const rr::InputError&) {
    }
    return 0;
}
