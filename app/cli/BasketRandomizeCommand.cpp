// `basket randomize`: a randomized release of the baskets (004 Def. 5: every basket independently), written
// all or nothing with the files recovery needs beside it: FILE.sizes (004 Sec. 4.4) and FILE.frequent.
#include "app/cli/BasketCommands.h"
#include "app/cli/BasketFiles.h"
#include "app/cli/BasketOperatorOptions.h"
#include "app/cli/Dataset.h"
#include "app/cli/ReleaseGenerator.h"

#include "core/basketpipeline/BasketReleaseStream.h"
#include "core/basketpipeline/BasketsPipeline.h"
#include "core/baskets/ReleaseFiles.h"
#include "core/data/AtomicWrite.h"
#include "core/data/CsvWriter.h"
#include "core/data/Errors.h"

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <ostream>

namespace rr::cli {
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

// The output's files beside the release and the notes on them and on reading it back.
void addFileNotes(Json& j, Notes& notes, const std::string& out, bool withSizes, const BasketOperator& op,
                  const OperatorParameters& args, std::size_t frequentItems, const StreamedBaskets& input,
                  const BasketSummary& summary)
{
    notes.add("the baskets are in a uniformly random order drawn from the same generator, so a line's position "
              "says nothing about which original basket it is");
    if (withSizes) {
        notes.add(sizesPathOf(out) + " holds each basket's original size (line i: the basket on line i), which " +
                  operatorName(op.kind) + " recovery needs (004 Sec. 4.4); estimate and mine read it from there");
    } else {
        notes.add(operatorName(op.kind) + " randomizes each item's bit on its own: recovery needs no basket sizes, "
                                          "so no .sizes file is written");
        std::error_code ec;
        if (std::filesystem::exists(sizesPathOf(out), ec))
            notes.add(sizesPathOf(out) + " exists from an earlier release and does not belong to this one");
    }
    if (args.kind == OperatorKind::FrequencyAware) {
        j["frequent_file"] = frequentPathOf(out);
        j["frequent_items"] = frequentItems;
        notes.add(frequentPathOf(out) + " lists the frequent items (one a line), whose keep probability is fp; "
                                        "estimate and mine read it from there");
    }
    if (!input.file.csv)
        notes.add("give --items " + std::to_string(summary.itemCount) +
                  " when reading the release back: its largest item id may be smaller than the universe's");
}

Json runRandomize(const Options& options)
{
    const std::string out = options.required("out");
    if (out.empty())
        throw InputError("option --out needs a file name");
    // The release and its side files may replace none of the inputs (--data, --rho-table, --sizes-table).
    checkOutputsAreNotInputs(options, {out, sizesPathOf(out), frequentPathOf(out)});
    const OperatorParameters args = operatorArgs(options);
    RandomSource rng = releaseGenerator(options, "basket randomize");
    // A FIMI file is read twice (its summary, then the release) and never held: any number of baskets.
    const StreamedBaskets input = streamBaskets(options.required("data"), options);
    checkOutFormat(out, input);
    const Transactions& t = input.held; // FIMI: no baskets, the universe (an item is its id)
    const BasketSummary& summary = input.summary;

    const std::vector<std::uint8_t> frequent = frequentFlags(args, summary);
    const BasketOperator op = buildOperator(args, summary.sizeHistogram, summary.itemCount, frequent);

    std::vector<std::uint32_t> frequentList;
    for (std::uint32_t a = 0; a < frequent.size(); ++a)
        if (frequent[a])
            frequentList.push_back(a);
    std::vector<FileWrite> sideFiles;
    if (args.kind == OperatorKind::FrequencyAware)
        sideFiles.push_back({frequentPathOf(out), [&](std::ostream& s) {
                                 for (std::uint32_t a : frequentList) {
                                     const Json item = itemJson(input.file, t, a);
                                     s << (item.is_string() ? item.get<std::string>() : item.dump()) << '\n';
                                 }
                             }});
    // FILE and the files beside it are one release, in a random basket order: all are written or none.
    const BasketReleaseReport release =
        streamBasketRelease(input.scan(), summary, op, rng, out, inputModeMask({input.file.path}),
                            input.file.csv ? binaryColumns(input.file.itemNames) : fimiLines(t), std::move(sideFiles));
    const bool withSizes = !release.sizesPath.empty();

    Notes notes;
    Json j;
    j["data"] = basketFileJson(input.file, summary.baskets, summary.itemCount, summary.occurrences, notes);
    j["operator"] = operatorJson(args);
    j["generator"] = rng.description();
    j["secure"] = rng.isSecure();
    j["baskets"] = release.baskets;
    j["items"] = summary.itemCount;
    j["original_occurrences"] = summary.occurrences;
    j["release_occurrences"] = release.occurrences;
    j["expected_release_occurrences"] = expectedReleaseOccurrences(summary, op);
    j["kept_occurrences"] = release.kept;
    j["inserted_occurrences"] = release.inserted;
    j["order"] = "random";
    j["out"] = out;
    j["sizes_written"] = withSizes;
    j["sizes_file"] = withSizes ? Json(sizesPathOf(out)) : Json(nullptr);
    addFileNotes(j, notes, out, withSizes, op, args, frequentList.size(), input, summary);
    if (!notes.empty())
        j["notes"] = notes.toJson();
    return j;
}

} // namespace

Command basketRandomizeCommand()
{
    Command c;
    c.name = "randomize";
    c.summary = "write a randomized release of the baskets (with FILE.sizes for recovery)";
    c.description =
        "Randomizes every basket independently with the operator (004 Def. 5) and writes the release to --out: a "
        "FIMI file (or 0/1 columns for a CSV input), one basket a line, items ascending, the baskets in a uniformly "
        "random order (a line's position says nothing about which original basket it is). The size-driven operators "
        "(uniform, select-a-size, cut-and-paste) also write FILE.sizes, line i the original size of line i's basket, "
        "which their recovery needs (004 Sec. 4.4: the server knows m); frequency-aware distortion writes "
        "FILE.frequent, its frequent items. The files are one release, written all or nothing. --seed gives a "
        "reproducible run for exploration, never for release; use --secure (the operating system's CSPRNG) for a "
        "release.";
    c.options = basketDataOptions("the original baskets: FIMI, or a CSV of 0/1 columns if the name ends in .csv");
    for (auto& o : operatorOptions())
        c.options.push_back(o);
    for (auto& o : releaseGeneratorOptions())
        c.options.push_back(o);
    c.options.push_back({"out", "FILE", "where to write the release (FILE.sizes, FILE.frequent beside it)"});
    c.run = runRandomize;
    return c;
}

} // namespace rr::cli
