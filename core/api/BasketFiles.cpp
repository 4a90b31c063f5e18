#include "core/api/BasketFiles.h"

#include "core/basketpipeline/BasketsPipeline.h"
#include "core/basketpipeline/OperatorParameters.h"
#include "core/baskets/BinaryColumns.h"
#include "core/baskets/ReleaseFiles.h"
#include "core/data/Errors.h"
#include "core/data/InputFile.h"
#include "core/datasource/CsvSource.h"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace rr::api {
namespace {

// A FIMI file's reading options (--columns refused: it names CSV columns).
FimiOptions fimiOptionsFor(const BasketDataRequest& request)
{
    if (request.columns)
        throw InputError("--columns applies to a CSV of 0/1 columns (a file ending in .csv), not to the FIMI "
                         "file " +
                         request.path);
    FimiOptions fimi;
    fimi.sourceName = request.path;
    fimi.emptyLines = EmptyLinePolicy::KeepAsEmptyBasket;
    if (request.itemCount)
        fimi.itemCount = *request.itemCount;
    return fimi;
}

// The checks every basket file gets before it is read.
void checkDataFile(const BasketDataRequest& request)
{
    if (request.path.empty())
        throw InputError("--data needs a file name");
    checkInputFile(request.path, "--data");
    if (isBasketCsv(request.path) && request.itemCount)
        throw InputError("--items applies to FIMI files; the items of " + request.path + " are its columns");
}

} // namespace

LoadedBaskets loadBaskets(const BasketDataRequest& request)
{
    checkDataFile(request);
    BasketFileRequest file;
    file.path = request.path;
    if (isBasketCsv(request.path))
        file.columns = request.columns.value_or(std::vector<std::string>{});
    else
        file.fimi = fimiOptionsFor(request);
    return loadBasketFile(file);
}

StreamedBaskets streamBaskets(const BasketDataRequest& request)
{
    StreamedBaskets out;
    checkDataFile(request);
    const std::string& path = request.path;
    if (isBasketCsv(path)) {
        out.file.path = path;
        out.file.csv = true;
        out.csv = CsvSource::deferred({path});
        out.columns = binaryColumnItems(*out.csv, request.columns.value_or(std::vector<std::string>{}));
        out.file.itemNames = out.columns.names;
        BasketTally tally;
        scanBinaryColumns(*out.csv, out.columns, [&tally](std::span<const std::uint32_t> b) { tally.add(b); });
        countBlankLines(path, out.file.report); // after the scan, which refused a record over its size limit
        out.held.itemCount = static_cast<std::uint32_t>(out.columns.names.size());
        out.summary = tally.summary(out.held.itemCount);
        out.file.emptyBaskets = out.summary.sizeHistogram.empty() ? 0 : out.summary.sizeHistogram[0];
        return out;
    }
    out.fimi = fimiOptionsFor(request);
    BasketTally tally;
    const FimiScan first = scanFimiFile(path, out.fimi, [&tally](std::span<const std::uint32_t> b) { tally.add(b); });
    out.file.path = path;
    out.file.report = first.report;
    out.summary = tally.summary(first.itemCount);
    out.file.emptyBaskets = out.summary.sizeHistogram.empty() ? 0 : out.summary.sizeHistogram[0];
    out.held.itemCount = first.itemCount;
    return out;
}

BasketScan StreamedBaskets::scan() const
{
    return [this](const FimiBasketSink& basket) {
        if (file.csv) {
            scanBinaryColumns(*csv, columns, basket);
        } else {
            scanFimiFile(file.path, fimi, basket);
        }
    };
}

LoadedRelease loadRelease(const BasketDataRequest& request, OperatorKind kind)
{
    const std::string& path = request.path;
    LoadedBaskets loaded = loadBaskets(request);
    LoadedRelease r;
    r.file = std::move(loaded.file);
    r.release.baskets = std::move(loaded.baskets);
    const Transactions& t = r.release.baskets;
    const std::string name = operatorName(kind);
    if (needsSizes(kind)) {
        r.sizesPath = sizesPathOf(path);
        checkInputFile(r.sizesPath);
        std::ifstream in(r.sizesPath, std::ios::binary);
        if (!in)
            throw InputError("cannot open " + r.sizesPath + ": " + name +
                             " recovery needs each basket's original size (004 Sec. 4.4), which 'basket randomize' "
                             "writes beside the release as FILE.sizes");
        r.release.originalSizes = readSizes(in, t.size(), r.sizesPath);
    }
    if (kind == OperatorKind::FrequencyAware) {
        r.frequentPath = frequentPathOf(path);
        checkInputFile(r.frequentPath);
        std::ifstream in(r.frequentPath, std::ios::binary);
        if (!in)
            throw InputError("cannot open " + r.frequentPath +
                             ": frequency-aware recovery needs the frequent items, which 'basket randomize' writes "
                             "beside the release as FILE.frequent");
        r.frequentItems.assign(t.itemCount, 0);
        std::string line;
        for (std::size_t lineNo = 1;; ++lineNo) {
            const LineRead got = readLineBounded(in, line, 64); // one item id a line
            if (got == LineRead::End)
                break;
            if (got == LineRead::TooLong)
                throw InputError(r.frequentPath + " line " + std::to_string(lineNo) +
                                 " is longer than an item id (64 bytes)");
            if (!line.empty() && line.back() == '\r')
                line.pop_back();
            if (line.empty())
                continue;
            r.frequentItems[parseItem(r.file, t, line, r.frequentPath + " line " + std::to_string(lineNo))] = 1;
        }
    }
    return r;
}

Json basketFileJson(const BasketFile& file, const Transactions& baskets, Notes& notes)
{
    return basketFileJson(file, baskets.size(), baskets.itemCount, baskets.occurrences(), notes);
}

Json basketFileJson(const BasketFile& file, std::size_t baskets, std::uint32_t itemCount, std::size_t occurrences,
                    Notes& notes)
{
    Json j;
    j["file"] = file.path;
    j["format"] = file.csv ? "csv" : "fimi";
    j["baskets"] = baskets;
    j["items"] = itemCount;
    if (file.csv)
        j["columns"] = file.itemNames;
    j["occurrences"] = occurrences;
    j["empty_baskets"] = file.emptyBaskets;
    const FimiReport& r = file.report;
    j["empty_lines"] = r.emptyLines;
    j["first_empty_lines"] = r.firstEmptyLines;
    j["duplicates_collapsed"] = r.duplicateItems;
    j["baskets_with_duplicates"] = r.basketsWithDuplicates;
    if (r.duplicateItems > 0)
        j["first_duplicate_line"] = r.firstDuplicateLine;
    if (r.emptyLines > 0)
        notes.add(file.path + ": " + std::to_string(r.emptyLines) + " empty line(s) (the first at line " +
                  std::to_string(r.firstEmptyLines.front()) +
                  (file.csv ? ") hold no record and are skipped (a row of 0s is an empty basket)"
                            : ") are kept as empty baskets, so that line i stays basket i"));
    if (r.duplicateItems > 0)
        notes.add(file.path + ": " + std::to_string(r.duplicateItems) + " repeated item(s) in " +
                  std::to_string(r.basketsWithDuplicates) + " basket(s) (the first at line " +
                  std::to_string(r.firstDuplicateLine) + ") were collapsed: a basket is a set of items");
    return j;
}

Json itemJson(const BasketFile& file, const Transactions& baskets, std::uint32_t item)
{
    if (file.csv)
        return file.itemNames[item];
    return baskets.label(item);
}

Json itemsJson(const BasketFile& file, const Transactions& baskets, std::span<const std::uint32_t> items)
{
    Json j = Json::array();
    for (std::uint32_t a : items)
        j.push_back(itemJson(file, baskets, a));
    return j;
}

std::uint32_t parseItem(const BasketFile& file, const Transactions& baskets, const std::string& token,
                        const std::string& what)
{
    if (file.csv) {
        const auto it = std::find(file.itemNames.begin(), file.itemNames.end(), token);
        if (it == file.itemNames.end()) {
            std::string names;
            for (const auto& n : file.itemNames)
                names += (names.empty() ? "" : ", ") + n;
            throw InputError(what + ": '" + token + "' is not one of the item columns (" + names + ")");
        }
        return static_cast<std::uint32_t>(it - file.itemNames.begin());
    }
    const bool digits = !token.empty() && token.size() <= 9 &&
                        std::all_of(token.begin(), token.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (!digits)
        throw InputError(what + ": '" + token + "' is not an item id (a non-negative integer below " +
                         std::to_string(baskets.itemCount) + ")");
    const auto id = static_cast<std::uint32_t>(std::stoul(token));
    if (id >= baskets.itemCount)
        throw InputError(what + ": item " + token + " is outside the universe of " + std::to_string(baskets.itemCount) +
                         " items (0.." + std::to_string(baskets.itemCount == 0 ? 0 : baskets.itemCount - 1) +
                         "); give --items N if the universe is larger");
    return id; // FIMI files read here carry no labels: the id is the item
}

std::vector<std::vector<std::uint32_t>> parseItemsets(const BasketFile& file, const Transactions& baskets,
                                                      const std::string& text, const std::string& option)
{
    constexpr std::size_t kMaxItemsets = 100000, kMaxItems = 16;
    std::vector<std::vector<std::uint32_t>> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t semi = std::min(text.find(';', start), text.size());
        std::string part = text.substr(start, semi - start);
        start = semi + 1;
        std::replace(part.begin(), part.end(), ',', ' ');
        std::replace(part.begin(), part.end(), '\t', ' ');
        const std::string what = "--" + option + " itemset " + std::to_string(out.size() + 1);
        std::istringstream tokens(part);
        std::vector<std::uint32_t> items;
        for (std::string tok; tokens >> tok;)
            items.push_back(parseItem(file, baskets, tok, what));
        if (items.empty())
            throw InputError(what + " is empty (itemsets are separated by ';', items by spaces or commas)");
        std::sort(items.begin(), items.end());
        if (std::adjacent_find(items.begin(), items.end()) != items.end())
            throw InputError(what + " names an item twice");
        if (items.size() > kMaxItems)
            throw InputError(what + " has " + std::to_string(items.size()) +
                             " items; support recovery handles 1..16 items");
        out.push_back(std::move(items));
        if (out.size() > kMaxItemsets)
            throw InputError("--" + option + " lists more than " + std::to_string(kMaxItemsets) + " itemsets");
    }
    return out;
}

std::string percent(double v)
{
    std::ostringstream os;
    os.precision(4);
    os << 100 * v << "%";
    return os.str();
}

} // namespace rr::api
