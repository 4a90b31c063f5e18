#include "core/api/BasketRandomize.h"

#include "core/baskets/ReleaseFiles.h"
#include "core/basketpipeline/BasketsPipeline.h"
#include "core/data/AtomicWrite.h"
#include "core/data/CsvWriter.h"
#include "core/data/Errors.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <ostream>

namespace rr::api {
namespace {

// The release as 0/1 columns, headed by the input's column names.
BasketLineFormat binaryColumns(const std::vector<std::string>& names)
{
    BasketLineFormat f;
    for (std::size_t a = 0; a < names.size(); ++a)
        f.header += (a ? "," : "") + csvField(names[a]);
    f.header += '\n';
    f.line = [columns = names.size()](std::string& line, std::span<const std::uint32_t> basket) {
        const std::size_t start = line.size();
        line.resize(start + (columns ? 2 * columns - 1 : 0), ',');
        for (std::size_t a = 0; a < columns; ++a)
            line[start + 2 * a] = '0';
        for (const std::uint32_t a : basket)
            line[start + 2 * a] = '1';
    };
    return f;
}

// --out's format must be the input's: 0/1 columns for a CSV (a name ending in .csv), FIMI lines otherwise.
void checkOutFormat(const std::string& out, const StreamedBaskets& input)
{
    std::string outLower = out;
    std::transform(outLower.begin(), outLower.end(), outLower.begin(), [](unsigned char c) { return std::tolower(c); });
    const bool outCsv = outLower.size() >= 4 && outLower.compare(outLower.size() - 4, 4, ".csv") == 0;
    if (input.file.csv != outCsv)
        throw InputError(input.file.csv ? "--out must end in .csv: the release of a CSV is written as 0/1 columns"
                                        : "--out ends in .csv, but the release of a FIMI file is written in FIMI "
                                          "format, which the other subcommands read from a name not ending in .csv");
}

// The frequent items of a frequency-aware operator (--frequent-support), a flag per item; none otherwise.
std::vector<std::uint8_t> frequentFlags(const OperatorParameters& args, const BasketSummary& summary)
{
    std::vector<std::uint8_t> frequent;
    if (args.kind == OperatorKind::FrequencyAware) {
        if (!args.frequentSupport)
            throw InputError("frequency-aware needs --frequent-support S: items in at least a fraction S of the "
                             "baskets are frequent (002 Sec. 3.3)");
        frequent = frequentItemFlags(summary.itemCounts, summary.baskets, *args.frequentSupport);
    }
    return frequent;
}

// FILE.frequent: the frequent items as the user names them, one a line.
FileWrite frequentFile(const std::string& out, const StreamedBaskets& input, const std::vector<std::uint32_t>& items)
{
    return {frequentPathOf(out), [&input, &items](std::ostream& s) {
                for (std::uint32_t a : items) {
                    const Json item = itemJson(input.file, input.held, a);
                    s << (item.is_string() ? item.get<std::string>() : item.dump()) << '\n';
                }
            }};
}

} // namespace

BasketRandomizeResult basketRandomizeOf(const BasketRandomizeRequest& request)
{
    const OperatorParameters& args = request.op;
    const std::string& out = request.out;
    RandomSource rng = generatorOf(request.generator);
    // A FIMI file is read twice (its summary, then the release) and never held: any number of baskets.
    const StreamedBaskets input = streamBaskets(request.data);
    checkOutFormat(out, input);
    const BasketSummary& summary = input.summary;
    const std::vector<std::uint8_t> frequent = frequentFlags(args, summary);
    const BasketOperator op = buildOperator(args, summary.sizeHistogram, summary.itemCount, frequent);
    std::vector<std::uint32_t> frequentList;
    for (std::uint32_t a = 0; a < frequent.size(); ++a)
        if (frequent[a])
            frequentList.push_back(a);
    std::vector<FileWrite> sideFiles;
    if (args.kind == OperatorKind::FrequencyAware)
        sideFiles.push_back(frequentFile(out, input, frequentList));
    BasketRandomizeResult r;
    // FILE and the files beside it are one release, in a random basket order: all are written or none.
    r.release = streamBasketRelease(input.scan(), summary, op, rng, out, inputModeMask({input.file.path}),
                                    input.file.csv ? binaryColumns(input.file.itemNames) : fimiLines(input.held),
                                    std::move(sideFiles));
    r.op = args;
    r.generator = rng.description();
    r.secure = rng.isSecure();
    r.out = out;
    r.data = input.file;
    r.summary = summary;
    r.expectedOccurrences = expectedReleaseOccurrences(summary, op);
    r.frequentItems = frequentList.size();
    std::error_code ec;
    r.staleSizes = r.release.sizesPath.empty() && std::filesystem::exists(sizesPathOf(out), ec);
    return r;
}

} // namespace rr::api
