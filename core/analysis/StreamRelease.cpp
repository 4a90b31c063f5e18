#include "core/analysis/StreamRelease.h"

#include "core/analysis/CsvReleaseTarget.h"
#include "core/data/Errors.h"
#include "core/randomization/ExternalShuffle.h"

#include <algorithm>
#include <memory>
#include <string_view>
#include <unordered_map>

namespace rr {
namespace {

// Stream ids: chunks use the source's keys (below 2^63); the order's buckets count from here.
constexpr std::uint64_t kOrderStreams = std::uint64_t(1) << 63;

// A coded column (randomized, recoded or filtered on): the code of each text, what each code is written as
// (quoted once), and the sampler of a randomized column.
struct CodedColumn {
    std::unordered_map<std::string_view, int> code; // views into the plan's categories
    std::vector<std::string> written;
    std::optional<ColumnSampler> sampler;

    int codeOf(std::string_view value, const std::string& column) const
    {
        const auto found = code.find(value);
        if (found == code.end())
            throw InputError("release: the value '" + std::string(value) + "' of '" + column +
                             "' is not among the categories the release was planned for; the source changed "
                             "since: review the release again");
        return found->second;
    }
};

struct ReleasedChunk : ChunkResult {
    std::vector<std::string> buckets; // framed CSV lines
    // With an ordered column: the lines without their end, in source order, and their inputs' codes.
    std::string lines;
    std::vector<std::size_t> lineEnds;
    std::vector<std::int32_t> orderedCodes;
    RandomizationReport report;
    std::size_t dropped = 0;
    std::size_t leftOut = 0;
};

} // namespace

std::string releaseOrderText(bool randomOrder)
{
    if (randomOrder)
        return "random: the records are in a uniformly random order drawn from the same generator as the values, "
               "so a record's position says nothing about which source record it is";
    return "the source's order (kept on request): anyone who knows how the source is sorted can align released "
           "records with persons, which the risk figures do not account for";
}

StreamReleaseReport streamRelease(const DataSource& source, const ReleasePlan& plan, RandomSource& rng,
                                  const std::string& tablePath,
                                  const std::function<void(const StreamReleaseReport&)>& check,
                                  const std::function<std::vector<FileWrite>(const StreamReleaseReport&)>& sideFiles,
                                  const ProgressFunction& progress)
{
    CsvReleaseTarget target(tablePath, plan.missingToken);
    return streamRelease(source, plan, rng, target, check, sideFiles, progress);
}

StreamReleaseReport streamRelease(const DataSource& source, const ReleasePlan& plan, RandomSource& rng,
                                  ReleaseTarget& target,
                                  const std::function<void(const StreamReleaseReport&)>& check,
                                  const std::function<std::vector<FileWrite>(const StreamReleaseReport&)>& sideFiles,
                                  const ProgressFunction& progress)
{
    if (source.isWeighted())
        throw InputError("this source holds aggregated counts (a count column); a release writes single records "
                         "(randomized response randomizes each one), so it needs one row per record");
    const std::vector<std::string> names = source.attributeNames(); // no counting pass for files
    if (plan.columns.size() != names.size())
        throw InputError("release: the plan has " + std::to_string(plan.columns.size()) + " columns, the source " +
                         std::to_string(names.size()));
    const RecordFormat format = target.format();
    std::vector<std::size_t> released;
    std::vector<ReleasedColumn> header;
    std::vector<std::unique_ptr<CodedColumn>> coded(plan.columns.size());
    auto codeColumn = [&](std::size_t c, const std::vector<std::string>* written) {
        const ColumnRelease& col = plan.columns[c];
        if (col.categories.empty())
            throw InputError("release: column '" + names[c] + "' has no categories to code its values by");
        auto r = std::make_unique<CodedColumn>();
        for (std::size_t k = 0; k < col.categories.size(); ++k) {
            r->code.emplace(col.categories[k], static_cast<int>(k));
            std::string w;
            format.appendValue(w, written ? (*written)[k] : col.categories[k]);
            r->written.push_back(std::move(w));
        }
        coded[c] = std::move(r);
    };
    std::vector<std::size_t> columnOrder = plan.columnOrder;
    if (columnOrder.empty())
        for (std::size_t c = 0; c < plan.columns.size(); ++c)
            columnOrder.push_back(c);
    for (const std::size_t c : columnOrder) {
        if (c >= plan.columns.size())
            throw InputError("release: a column of the order is out of range");
        const ColumnRelease& col = plan.columns[c];
        if (col.action == ColumnRelease::Action::Drop)
            continue;
        // Kept and randomized values are the source's own; recoded ones are new text.
        header.push_back({names[c], col.action == ColumnRelease::Action::Recode ? std::nullopt : std::optional(c)});
        released.push_back(c);
        if (col.action == ColumnRelease::Action::Randomize) {
            if (!col.matrix || col.matrix->size() != static_cast<int>(col.categories.size()))
                throw InputError("release: column '" + names[c] + "' is randomized without a matrix of its categories");
            codeColumn(c, nullptr);
            coded[c]->sampler.emplace(*col.matrix);
        } else if (col.action == ColumnRelease::Action::Recode) {
            if (col.recoded.size() != col.categories.size())
                throw InputError("release: column '" + names[c] + "' is recoded without a label per category");
            codeColumn(c, &col.recoded);
        }
    }
    for (const std::size_t c : plan.filterColumns) {
        if (c >= plan.columns.size() || !plan.leaveOut)
            throw InputError("release: a filter column is out of range, or the filter is missing");
        if (!coded[c])
            codeColumn(c, nullptr);
    }
    const bool ordered = !plan.orderedColumn.empty();
    if (ordered) {
        if (!plan.orderedValue)
            throw InputError("release: the ordered column has no function");
        header.push_back({plan.orderedColumn, std::nullopt});
        released.push_back(plan.columns.size()); // a marker: the last column, written by the reduce
        for (const std::size_t c : plan.orderedInputs) {
            if (c >= plan.columns.size())
                throw InputError("release: an input of the ordered column is out of range");
            if (!coded[c])
                codeColumn(c, nullptr);
        }
    }
    if (released.empty())
        throw InputError("release: every column is dropped; keep or randomize at least one");
    const std::string& missing = format.missing;

    // The target is checked first (refused before any work), and the temporary space is where it says.
    const std::string folder = target.prepare();
    // The buckets are planned from the file size (or the records times 16 bytes a field); a bucket that grows
    // past the budget all the same is split again when written.
    const std::uint64_t estimate =
        source.byteSize() > 0 ? source.byteSize() : source.recordCount() * 16 * released.size();
    const std::size_t buckets = plan.keepOrder ? 1 : ExternalShuffle::bucketsFor(estimate, plan.memoryBudget);
    ExternalShuffle order(folder, target.name(), buckets, plan.memoryBudget);
    const StreamKey key = rng.drawStreamKey();
    StreamReleaseReport report;
    report.randomOrder = !plan.keepOrder;
    report.buckets = buckets;
    report.generator = RandomSource::stream(key, 0).description();

    RecordScan scan;
    // Only the columns the release reads are handed over (released, filtered on, in the policy).
    scan.columns.assign(plan.columns.size(), false);
    for (std::size_t c = 0; c < plan.columns.size(); ++c)
        scan.columns[c] = plan.columns[c].action != ColumnRelease::Action::Drop || plan.columns[c].dropIfMissing;
    for (const std::size_t c : plan.filterColumns)
        scan.columns[c] = true;
    for (const std::size_t c : plan.orderedInputs)
        scan.columns[c] = true;
    scan.map = [&](const RecordChunk& chunk) -> std::unique_ptr<ChunkResult> {
        if (chunk.key >= kOrderStreams)
            throw InputError("release: a chunk of the source has no stream of its own");
        auto out = std::make_unique<ReleasedChunk>();
        out->buckets.resize(buckets);
        RandomSource stream = RandomSource::stream(key, chunk.key);
        std::string line;
        std::vector<std::int32_t> filterCodes(plan.filterColumns.size());
        for (std::size_t r = 0; r < chunk.rows; ++r) {
            bool keep = true;
            for (std::size_t c = 0; c < plan.columns.size() && keep; ++c)
                keep = !(plan.columns[c].dropIfMissing && chunk.isMissing(r, c));
            if (!keep) {
                ++out->dropped;
                continue;
            }
            if (!plan.filterColumns.empty()) {
                for (std::size_t k = 0; k < plan.filterColumns.size(); ++k) {
                    const std::size_t c = plan.filterColumns[k];
                    filterCodes[k] = chunk.isMissing(r, c) ? -1 : coded[c]->codeOf(chunk.field(r, c), names[c]);
                }
                if (plan.leaveOut(filterCodes.data())) {
                    ++out->leftOut;
                    continue;
                }
            }
            line.clear();
            for (std::size_t k = 0; k < released.size(); ++k) {
                const std::size_t c = released[k];
                if (c == plan.columns.size()) { // the ordered column: its inputs' codes go to the reduce
                    for (const std::size_t i : plan.orderedInputs)
                        out->orderedCodes.push_back(chunk.isMissing(r, i) ? -1
                                                                          : coded[i]->codeOf(chunk.field(r, i), names[i]));
                    continue;
                }
                if (k)
                    line += format.separator;
                if (chunk.isMissing(r, c)) {
                    line += missing;
                    continue;
                }
                const std::string_view value = chunk.field(r, c);
                const ColumnRelease::Action action = plan.columns[c].action;
                if (action == ColumnRelease::Action::Clear) {
                    format.appendValue(line, value);
                    continue;
                }
                const CodedColumn& cc = *coded[c];
                const int v = cc.codeOf(value, names[c]);
                int u = v;
                if (action == ColumnRelease::Action::Randomize) {
                    u = cc.sampler->draw(v, stream); // 003 eq. 2.1
                    out->report.changedValues += u != v ? 1 : 0;
                }
                line += cc.written[static_cast<std::size_t>(u)];
            }
            if (ordered) {
                out->lines += line;
                out->lineEnds.push_back(out->lines.size());
                ++out->report.rows;
                continue;
            }
            line += '\n';
            const std::size_t b = buckets == 1 ? 0 : static_cast<std::size_t>(stream.below(buckets));
            frameRecord(out->buckets[b], line);
            ++out->report.rows;
        }
        return out;
    };
    // The ordered column's records are placed here, in source order, from a stream of their own.
    RandomSource orderedStream = RandomSource::stream(key, kOrderStreams - 1);
    std::vector<std::string> orderedBuckets(ordered ? buckets : 0);
    scan.reduce = [&](ChunkResult& result) {
        auto& chunk = static_cast<ReleasedChunk&>(result);
        if (ordered) {
            const std::size_t inputs = plan.orderedInputs.size();
            std::string line;
            for (std::size_t r = 0, begin = 0; r < chunk.lineEnds.size(); begin = chunk.lineEnds[r++]) {
                line.assign(chunk.lines, begin, chunk.lineEnds[r] - begin);
                if (released.size() > 1) // other columns before it
                    line += format.separator;
                format.appendValue(line, plan.orderedValue(chunk.orderedCodes.data() + r * inputs));
                line += '\n';
                const std::size_t b = buckets == 1 ? 0 : static_cast<std::size_t>(orderedStream.below(buckets));
                frameRecord(orderedBuckets[b], line);
            }
            for (std::size_t b = 0; b < buckets; ++b) {
                order.append(b, orderedBuckets[b]);
                orderedBuckets[b].clear();
            }
        }
        for (std::size_t b = 0; b < buckets; ++b)
            order.append(b, chunk.buckets[b]);
        report.randomization.rows += chunk.report.rows;
        report.randomization.changedValues += chunk.report.changedValues;
        report.droppedRows += chunk.dropped;
        report.leftOut += chunk.leftOut;
    };
    // Reading and randomizing is the first half of the job, writing in order the second.
    source.scanRecords(scan, [&](double f) { return !progress || progress(f < 0 ? -1 : f / 2); });
    if (check)
        check(report);
    const RecordFeed records = [&](const std::function<void(std::string_view)>& record) {
        std::uint64_t nextStream = kOrderStreams;
        const double total = static_cast<double>(std::max<std::uint64_t>(1, order.bytes()));
        order.forEachRecord(record, key, !plan.keepOrder, nextStream, [&](std::uint64_t done) {
            return !progress || progress(0.5 + 0.5 * static_cast<double>(done) / total);
        });
    };
    // New files are never more readable than the input they were made from.
    target.write(header, records, report, sideFiles ? sideFiles(report) : std::vector<FileWrite>{},
                 inputModeMask(source.inputFiles()));
    return report;
}

} // namespace rr
