#include "core/release/StreamRelease.h"

#include "core/release/CodedRecord.h"
#include "core/release/CsvReleaseTarget.h"
#include "core/data/Errors.h"
#include "core/data/LabelDictionary.h"
#include "core/randomization/ExternalShuffle.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <string_view>
#include <thread>

namespace rr {
namespace {

// Stream ids: chunks use the source's keys (below 2^63); the order's buckets count from here; coded records
// are randomized in their bucket from these on (one stream per bucket).
constexpr std::uint64_t kOrderStreams = std::uint64_t(1) << 63;
constexpr std::uint64_t kBucketStreams = std::uint64_t(3) << 62;
// Buckets of coded records shuffled where they are randomized draw their order from these on (one per bucket).
constexpr std::uint64_t kShuffleStreams = std::uint64_t(5) << 61;

// A column found to have more categories than two bytes code: streamRelease counts them first instead.
struct TooManyToFind {};

// A coded column (randomized, recoded or filtered on): the code of each text, what each code is written as
// (quoted once), and the sampler of a randomized column.
struct CodedColumn {
    LabelDictionary code; // the plan's categories, coded in their order
    std::vector<std::string> written;
    std::optional<ColumnSampler> sampler;

    int codeOf(std::string_view value, const std::string& column) const
    {
        const std::int32_t found = code.find(value);
        if (found < 0)
            throw InputError("release: the value '" + std::string(value) + "' of '" + column +
                             "' is not among the categories the release was planned for; the source changed "
                             "since: review the release again");
        return found;
    }
};

struct ReleasedChunk : ChunkResult {
    std::vector<std::string> buckets; // framed CSV lines (records as text)
    // Records as codes: bucket by bucket in one buffer, bucket b's from codedEnd[b - 1] (0 for the first) to
    // codedEnd[b] (one allocation whatever the number of buckets).
    std::string coded;
    std::vector<std::size_t> codedEnd;
    // With an ordered column: the lines without their end, in source order, and their inputs' codes.
    std::string lines;
    std::vector<std::size_t> lineEnds;
    std::vector<std::int32_t> orderedCodes;
    RandomizationReport report;
    std::size_t dropped = 0;
    std::size_t leftOut = 0;
    // Coded records whose categories are being found: the labels behind the chunk's own codes, per column.
    std::vector<std::vector<std::string>> found;
};

// What every chunk's mapper reads (shared by the threads, read only).
struct ReleaseShape {
    const ReleasePlan& plan;
    const std::vector<std::string>& names;
    const std::vector<std::unique_ptr<CodedColumn>>& coded;
    const std::vector<std::size_t>& released; // the written columns; plan.columns.size() marks the ordered one
    const CodedRecordLayout* layout;          // records as codes, or null: as text
    std::size_t buckets;
    const StreamKey& key;
    RecordFormat format;
    bool discovering;
};

// One chunk's records, as they come: those the plan keeps are scattered to the order's buckets (as codes,
// randomized later in their bucket; or as text, randomized here from the chunk's own stream).
class ReleaseMapper final : public RecordMapper {
public:
    ReleaseMapper(const ReleaseShape& shape, std::uint64_t chunkKey)
        : m_shape(shape), m_stream(RandomSource::stream(shape.key, chunkKey)),
          m_filterCodes(shape.plan.filterColumns.size()), m_found(shape.discovering ? shape.released.size() : 0),
          m_bucketRecords(shape.layout ? shape.buckets : 0, 0)
    {
        if (!shape.layout)
            m_out->buckets.resize(shape.buckets);
    }

    void record(const std::string_view* values, const std::uint8_t* missing) override
    {
        const ReleasePlan& plan = m_shape.plan;
        for (std::size_t c = 0; c < plan.columns.size(); ++c)
            if (plan.columns[c].dropIfMissing && missing[c]) {
                ++m_out->dropped;
                return;
            }
        if (!plan.filterColumns.empty()) {
            for (std::size_t k = 0; k < plan.filterColumns.size(); ++k) {
                const std::size_t c = plan.filterColumns[k];
                m_filterCodes[k] = missing[c] ? -1 : m_shape.coded[c]->codeOf(values[c], m_shape.names[c]);
            }
            if (plan.leaveOut(m_filterCodes.data())) {
                ++m_out->leftOut;
                return;
            }
        }
        ++m_out->report.rows;
        if (m_shape.layout)
            putCodes(values, missing);
        else
            putText(values, missing);
    }

    std::unique_ptr<ChunkResult> finish() override
    {
        if (m_shape.layout) { // a counting sort of the records by their bucket
            const std::size_t width = m_shape.layout->recordBytes();
            std::vector<std::size_t> at(m_shape.buckets, 0);
            m_out->codedEnd.resize(m_shape.buckets);
            for (std::size_t b = 0, end = 0; b < m_shape.buckets; ++b) {
                at[b] = end;
                end += m_bucketRecords[b] * width;
                m_out->codedEnd[b] = end;
            }
            m_out->coded.resize(m_codes.size());
            for (std::size_t r = 0; r < m_bucketOf.size(); ++r) {
                std::memcpy(m_out->coded.data() + at[m_bucketOf[r]], m_codes.data() + r * width, width);
                at[m_bucketOf[r]] += width;
            }
        }
        for (LabelDictionary& d : m_found)
            m_out->found.push_back(d.labels());
        return std::move(m_out);
    }

private:
    std::size_t bucket() { return m_shape.buckets == 1 ? 0 : static_cast<std::size_t>(m_stream.below(m_shape.buckets)); }

    // The original codes, written straight into the bucket; randomized there.
    void putCodes(const std::string_view* values, const std::uint8_t* missing)
    {
        const CodedRecordLayout& layout = *m_shape.layout;
        const std::size_t width = layout.recordBytes();
        const auto b = static_cast<std::uint16_t>(bucket()); // at most 4,096 buckets
        m_bucketOf.push_back(b);
        ++m_bucketRecords[b];
        m_codes.resize(m_codes.size() + width);
        char* at = m_codes.data() + m_codes.size() - width;
        for (std::size_t k = 0; k < m_shape.released.size(); ++k) {
            const std::size_t c = m_shape.released[k];
            std::uint32_t v = layout.missingCode(k);
            if (!missing[c])
                v = static_cast<std::uint32_t>(m_shape.discovering ? m_found[k].insert(values[c])
                                                                   : m_shape.coded[c]->codeOf(values[c], m_shape.names[c]));
            layout.put(at, k, v);
        }
    }

    void putText(const std::string_view* values, const std::uint8_t* missing)
    {
        const ReleasePlan& plan = m_shape.plan;
        const RecordFormat& format = m_shape.format;
        m_line.clear();
        for (std::size_t k = 0; k < m_shape.released.size(); ++k) {
            const std::size_t c = m_shape.released[k];
            if (c == plan.columns.size()) { // the ordered column: its inputs' codes go to the reduce
                for (const std::size_t i : plan.orderedInputs)
                    m_out->orderedCodes.push_back(missing[i] ? -1 : m_shape.coded[i]->codeOf(values[i], m_shape.names[i]));
                continue;
            }
            if (k)
                m_line += format.separator;
            if (missing[c]) {
                m_line += format.missing;
                continue;
            }
            const ColumnRelease::Action action = plan.columns[c].action;
            if (action == ColumnRelease::Action::Clear) {
                format.appendValue(m_line, values[c]);
                continue;
            }
            const CodedColumn& cc = *m_shape.coded[c];
            const int v = cc.codeOf(values[c], m_shape.names[c]);
            int u = v;
            if (action == ColumnRelease::Action::Randomize) {
                u = cc.sampler->draw(v, m_stream); // 003 eq. 2.1
                m_out->report.changedValues += u != v ? 1 : 0;
            }
            m_line += cc.written[static_cast<std::size_t>(u)];
        }
        if (!plan.orderedColumn.empty()) {
            m_out->lines += m_line;
            m_out->lineEnds.push_back(m_out->lines.size());
            return;
        }
        m_line += '\n';
        frameRecord(m_out->buckets[bucket()], m_line);
    }

    const ReleaseShape& m_shape;
    RandomSource m_stream; // the chunk's own
    std::unique_ptr<ReleasedChunk> m_out = std::make_unique<ReleasedChunk>();
    std::string m_line;
    std::vector<std::int32_t> m_filterCodes;
    std::vector<LabelDictionary> m_found; // the chunk's own codes, while the categories are found
    // Records as codes, in the chunk's order, and each one's bucket; sorted by bucket when the chunk ends.
    std::string m_codes;
    std::vector<std::uint16_t> m_bucketOf;
    std::vector<std::size_t> m_bucketRecords;
};

// The order the released columns are written in: the plan's, or the source's.
std::vector<std::size_t> writtenOrder(const ReleasePlan& plan)
{
    std::vector<std::size_t> order = plan.columnOrder;
    if (order.empty())
        for (std::size_t c = 0; c < plan.columns.size(); ++c)
            order.push_back(c);
    return order;
}

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

namespace {

constexpr std::size_t kMostFound = 0xFFFE; // two bytes a code, the all-ones value for a missing one

// The source's column names, once the source is one this plan can release single records from.
std::vector<std::string> releasableNames(const DataSource& source, const ReleasePlan& plan)
{
    if (source.isWeighted())
        throw InputError("this source holds aggregated counts (a count column); a release writes single records "
                         "(randomized response randomizes each one), so it needs one row per record");
    std::vector<std::string> names = source.attributeNames(); // no counting pass for files
    if (plan.columns.size() != names.size())
        throw InputError("release: the plan has " + std::to_string(plan.columns.size()) + " columns, the source " +
                         std::to_string(names.size()));
    return names;
}

// The columns a release writes and codes, planned before reading.
struct ReleaseColumns {
    std::vector<std::size_t> released; // the written columns; plan.columns.size() marks the ordered one
    std::vector<ReleasedColumn> header;
    std::vector<std::unique_ptr<CodedColumn>> coded;
    std::optional<CodedRecordLayout> layout; // records as codes, or none: as text
    bool ordered = false;
};

// Codes columns by the plan's categories (the plan as it is when called: found categories come later).
struct ColumnCoder {
    const ReleasePlan& plan;
    const std::vector<std::string>& names;
    const RecordFormat& format;
    std::vector<std::unique_ptr<CodedColumn>>& coded;

    // Column c coded by its categories, each written as `written` says (or as itself).
    void code(std::size_t c, const std::vector<std::string>* written) const
    {
        const ColumnRelease& col = plan.columns[c];
        if (col.categories.empty())
            throw InputError("release: column '" + names[c] + "' has no categories to code its values by");
        auto r = std::make_unique<CodedColumn>();
        for (std::size_t k = 0; k < col.categories.size(); ++k) {
            if (r->code.insert(col.categories[k]) != static_cast<std::int32_t>(k))
                throw InputError("release: column '" + names[c] + "' lists the category '" + col.categories[k] +
                                 "' twice");
            std::string w;
            format.appendValue(w, written ? (*written)[k] : col.categories[k]);
            r->written.push_back(std::move(w));
        }
        coded[c] = std::move(r);
    }

    // A randomized column: coded, with the sampler of its matrix.
    void codeRandomized(std::size_t c) const
    {
        const ColumnRelease& col = plan.columns[c];
        if (!col.matrix || col.matrix->size() != static_cast<int>(col.categories.size()))
            throw InputError("release: column '" + names[c] + "' is randomized without a matrix of its categories");
        code(c, nullptr);
        coded[c]->sampler.emplace(*col.matrix);
    }
};

// The written columns in their order, each checked and coded as its action needs.
void planWrittenColumns(const ColumnCoder& coder, bool discovering, ReleaseColumns& cols)
{
    const ReleasePlan& plan = coder.plan;
    const std::vector<std::size_t> columnOrder = writtenOrder(plan);
    for (const std::size_t c : columnOrder) {
        if (c >= plan.columns.size())
            throw InputError("release: a column of the order is out of range");
        const ColumnRelease& col = plan.columns[c];
        if (col.action == ColumnRelease::Action::Drop)
            continue;
        // Kept and randomized values are the source's own; recoded ones are new text.
        cols.header.push_back(
            {coder.names[c], col.action == ColumnRelease::Action::Recode ? std::nullopt : std::optional(c)});
        cols.released.push_back(c);
        if (discovering) {
            if (col.action != ColumnRelease::Action::Randomize)
                throw InputError("release: categories are found while reading only when every released column "
                                 "is randomized");
        } else if (col.action == ColumnRelease::Action::Randomize) {
            coder.codeRandomized(c);
        } else if (col.action == ColumnRelease::Action::Recode) {
            if (col.recoded.size() != col.categories.size())
                throw InputError("release: column '" + coder.names[c] + "' is recoded without a label per category");
            coder.code(c, &col.recoded);
        }
    }
}

// The columns filtered on and the ordered column's inputs are coded too; the ordered column is written last.
void planReadColumns(const ColumnCoder& coder, ReleaseColumns& cols)
{
    const ReleasePlan& plan = coder.plan;
    for (const std::size_t c : plan.filterColumns) {
        if (c >= plan.columns.size() || !plan.leaveOut)
            throw InputError("release: a filter column is out of range, or the filter is missing");
        if (!cols.coded[c])
            coder.code(c, nullptr);
    }
    cols.ordered = !plan.orderedColumn.empty();
    if (!cols.ordered)
        return;
    if (!plan.orderedValue)
        throw InputError("release: the ordered column has no function");
    cols.header.push_back({plan.orderedColumn, std::nullopt});
    cols.released.push_back(plan.columns.size()); // a marker: the last column, written by the reduce
    for (const std::size_t c : plan.orderedInputs) {
        if (c >= plan.columns.size())
            throw InputError("release: an input of the ordered column is out of range");
        if (!cols.coded[c])
            coder.code(c, nullptr);
    }
}

// Records travel as codes when every released column has them (found while reading, or the plan's).
void planLayout(const std::vector<std::string>& names, bool discovering, ReleaseColumns& cols)
{
    const std::vector<std::size_t>& released = cols.released;
    if (discovering) {
        cols.layout.emplace();
        for (std::size_t k = 0; k < released.size(); ++k)
            cols.layout->addColumn(2);
    } else if (!cols.ordered &&
               std::all_of(released.begin(), released.end(), [&](std::size_t c) { return cols.coded[c] != nullptr; })) {
        cols.layout.emplace();
        for (const std::size_t c : released) {
            const std::size_t width = CodedRecordLayout::widthFor(cols.coded[c]->written.size());
            if (width == 0)
                throw InputError("release: column '" + names[c] + "' has too many categories");
            cols.layout->addColumn(width);
        }
    }
}

// The buckets are planned from the file size (or the records times 16 bytes a field); a bucket that grows
// past the budget all the same is split again when written.
std::size_t planBuckets(const DataSource& source, const ReleasePlan& plan, std::size_t releasedColumns)
{
    const std::uint64_t estimate =
        source.byteSize() > 0 ? source.byteSize() : source.recordCount() * 16 * releasedColumns;
    return plan.keepOrder ? 1 : ExternalShuffle::bucketsFor(estimate, plan.memoryBudget);
}

// Only the columns the release reads are handed over (released, filtered on, in the policy).
std::vector<bool> readColumns(const ReleasePlan& plan)
{
    std::vector<bool> columns(plan.columns.size(), false);
    for (std::size_t c = 0; c < plan.columns.size(); ++c)
        columns[c] = plan.columns[c].action != ColumnRelease::Action::Drop || plan.columns[c].dropIfMissing;
    for (const std::size_t c : plan.filterColumns)
        columns[c] = true;
    for (const std::size_t c : plan.orderedInputs)
        columns[c] = true;
    return columns;
}

// Categories being found: the chunk's own codes become the source's (in order of first appearance over the
// whole source, as the chunks come in order).
void recodeFound(ReleasedChunk& chunk, std::vector<LabelDictionary>& found, const CodedRecordLayout& layout,
                 std::size_t releasedColumns)
{
    std::vector<std::vector<std::uint32_t>> to(releasedColumns);
    bool same = true;
    for (std::size_t k = 0; k < releasedColumns; ++k) {
        for (const std::string& label : chunk.found[k]) {
            const auto code = static_cast<std::uint32_t>(found[k].insert(label));
            same = same && code == to[k].size();
            to[k].push_back(code);
        }
        if (found[k].size() > kMostFound)
            throw TooManyToFind{};
    }
    const std::size_t width = layout.recordBytes();
    for (std::size_t at = 0; !same && at < chunk.coded.size(); at += width)
        for (std::size_t k = 0; k < releasedColumns; ++k) {
            const std::uint32_t v = layout.get(chunk.coded.data() + at, k);
            if (v != layout.missingCode(k))
                layout.put(chunk.coded.data() + at, k, to[k][v]);
        }
}

// The ordered column's records, their computed value written last, placed in the order's buckets (one per
// bucket of `orderedBuckets`) from the stream of their own.
void placeOrdered(const ReleasedChunk& chunk, const ReleasePlan& plan, const RecordFormat& format,
                  std::size_t releasedColumns, RandomSource& orderedStream, std::vector<std::string>& orderedBuckets,
                  ExternalShuffle& order)
{
    const std::size_t buckets = orderedBuckets.size();
    const std::size_t inputs = plan.orderedInputs.size();
    std::string line;
    for (std::size_t r = 0, begin = 0; r < chunk.lineEnds.size(); begin = chunk.lineEnds[r++]) {
        line.assign(chunk.lines, begin, chunk.lineEnds[r] - begin);
        if (releasedColumns > 1) // other columns before it
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

// The chunk's records to the order's buckets, and its counts to the report.
void appendChunk(const ReleasedChunk& chunk, ExternalShuffle& order, StreamReleaseReport& report)
{
    for (std::size_t b = 0; b < chunk.buckets.size(); ++b)
        order.append(b, chunk.buckets[b]);
    for (std::size_t b = 0, begin = 0; b < chunk.codedEnd.size(); begin = chunk.codedEnd[b++])
        order.append(b, std::string_view(chunk.coded).substr(begin, chunk.codedEnd[b] - begin));
    report.randomization.rows += chunk.report.rows;
    report.randomization.changedValues += chunk.report.changedValues;
    report.droppedRows += chunk.dropped;
    report.leftOut += chunk.leftOut;
}

// After the pass: the plan is made over the categories found, and each released column coded by them.
void adoptFound(ReleasePlan& plan, const std::vector<LabelDictionary>& found, const ColumnCoder& coder,
                const std::vector<std::size_t>& released)
{
    std::vector<std::vector<std::string>> categories;
    for (const LabelDictionary& d : found)
        categories.push_back(d.labels());
    plan.discover(plan, categories);
    for (std::size_t k = 0; k < released.size(); ++k) {
        const std::size_t c = released[k];
        if (plan.columns[c].action != ColumnRelease::Action::Randomize || plan.columns[c].categories != categories[k])
            throw InputError("release: column '" + coder.names[c] + "' is not planned over the categories found in it");
        coder.codeRandomized(c);
    }
}

// A piece of a bucket's coded records, their randomized values drawn in place; how many it changed.
std::uint64_t drawCoded(char* records, std::size_t bytes, const ReleaseColumns& cols, RandomSource& stream,
                        const ReleaseTarget& target)
{
    const CodedRecordLayout& layout = *cols.layout;
    std::uint64_t n = 0;
    for (std::size_t at = 0; at < bytes; at += layout.recordBytes())
        for (std::size_t k = 0; k < cols.released.size(); ++k) {
            const CodedColumn& cc = *cols.coded[cols.released[k]];
            const std::uint32_t v = layout.get(records + at, k);
            if (!cc.sampler || v == layout.missingCode(k))
                continue;
            if (v >= cc.written.size())
                throw IoError("cannot write '" + target.name() +
                              "': its temporary files of the record order are damaged");
            const int u = cc.sampler->draw(static_cast<int>(v), stream); // 003 eq. 2.1
            n += static_cast<std::uint32_t>(u) != v ? 1 : 0;
            layout.put(records + at, k, static_cast<std::uint32_t>(u));
        }
    return n;
}

// Each bucket from its own stream, so the values do not depend on the threads; shuffled there too (on both
// cores rather than on the writing one).
void randomizeBuckets(ExternalShuffle& order, const ReleaseColumns& cols, const StreamKey& key, std::size_t buckets,
                      bool keepOrder, const ReleaseTarget& target, const ProgressFunction& progress,
                      StreamReleaseReport& report)
{
    std::vector<std::uint64_t> changed(buckets, 0);
    const double total = static_cast<double>(std::max<std::uint64_t>(1, order.bytes()));
    std::vector<std::optional<RandomSource>> streams(buckets);
    const auto randomize = [&](std::size_t b, char* records, std::size_t bytes) {
        if (!streams[b])
            streams[b].emplace(RandomSource::stream(key, kBucketStreams + b));
        // counted apart: the threads' buckets share cache lines of `changed`
        changed[b] += drawCoded(records, bytes, cols, *streams[b], target);
    };
    order.rewrite(randomize, std::min(8u, std::max(1u, std::thread::hardware_concurrency())),
                  [&](std::uint64_t done) {
                      return !progress || progress(0.45 + 0.05 * static_cast<double>(done) / total);
                  },
                  keepOrder ? std::nullopt : std::optional(ExternalShuffle::ShuffleStreams{key, kShuffleStreams}));
    for (const std::uint64_t n : changed)
        report.randomization.changedValues += n;
    streams.clear();
}

// The released records, in the order's order, to `record` as lines (coded ones written out first).
void feedRecords(ExternalShuffle& order, const ReleaseColumns& cols, const StreamKey& key, bool keepOrder,
                 const ReleaseTarget& target, const ProgressFunction& progress,
                 const std::function<void(std::string_view)>& record)
{
    std::uint64_t nextStream = kOrderStreams;
    const double total = static_cast<double>(std::max<std::uint64_t>(1, order.bytes()));
    const auto moved = [&](std::uint64_t done) {
        return !progress || progress(0.5 + 0.5 * static_cast<double>(done) / total);
    };
    if (!cols.layout) {
        order.forEachRecord(record, key, !keepOrder, nextStream, moved);
        return;
    }
    const CodedRecordLayout& layout = *cols.layout;
    std::string line(layout.lineBytes(), '\0');
    order.forEachRecord(
        [&](std::string_view bytes) {
            const std::size_t size = layout.writeLine(bytes.data(), line.data());
            if (size == 0)
                throw IoError("cannot write '" + target.name() + "': its temporary files of the record order "
                              "are damaged");
            record(std::string_view(line.data(), size));
        },
        key, !keepOrder, nextStream, moved);
}

// Every column planned before reading, the release refused here if it writes nothing or finds categories
// where it cannot.
void planColumns(const ColumnCoder& coder, bool discovering, ReleaseColumns& cols)
{
    planWrittenColumns(coder, discovering, cols);
    planReadColumns(coder, cols);
    if (cols.released.empty())
        throw InputError("release: every column is dropped; keep or randomize at least one");
    if (discovering && (cols.ordered || !coder.plan.filterColumns.empty()))
        throw InputError("release: categories are found while reading only without a filter or a computed column");
    planLayout(coder.names, discovering, cols);
}

// The one pass over the source: each chunk's records to the order's buckets, in source order (found
// categories recoded to the source's, the ordered column's values computed), its counts to the report. The
// categories found, in order of first appearance over the whole source.
std::vector<LabelDictionary> scanIntoOrder(const DataSource& source, const ReleaseShape& shape, bool ordered,
                                           ExternalShuffle& order, StreamReleaseReport& report,
                                           const ProgressFunction& progress)
{
    RecordScan scan;
    scan.columns = readColumns(shape.plan);
    scan.mapper = [&shape](std::uint64_t chunkKey) -> std::unique_ptr<RecordMapper> {
        if (chunkKey >= kOrderStreams)
            throw InputError("release: a chunk of the source has no stream of its own");
        return std::make_unique<ReleaseMapper>(shape, chunkKey);
    };
    // The ordered column's records are placed here, in source order, from a stream of their own.
    RandomSource orderedStream = RandomSource::stream(shape.key, kOrderStreams - 1);
    std::vector<std::string> orderedBuckets(ordered ? shape.buckets : 0);
    std::vector<LabelDictionary> found(shape.discovering ? shape.released.size() : 0);
    scan.reduce = [&](ChunkResult& result) {
        auto& chunk = static_cast<ReleasedChunk&>(result);
        if (shape.discovering)
            recodeFound(chunk, found, *shape.layout, shape.released.size());
        if (ordered)
            placeOrdered(chunk, shape.plan, shape.format, shape.released.size(), orderedStream, orderedBuckets, order);
        appendChunk(chunk, order, report);
    };
    // Reading is most of the first half of the job, randomizing coded records the rest; writing in order the
    // second half.
    source.scanRecords(scan, [&](double f) { return !progress || progress(f < 0 ? -1 : f * 0.45); });
    return found;
}

StreamReleaseReport releaseOnce(const DataSource& source, const ReleasePlan& givenPlan, RandomSource& rng,
                                ReleaseTarget& target, const std::function<void(const StreamReleaseReport&)>& check,
                                const std::function<std::vector<FileWrite>(const StreamReleaseReport&)>& sideFiles,
                                const ProgressFunction& progress)
{
    const std::vector<std::string> names = releasableNames(source, givenPlan);
    ReleasePlan plan = givenPlan; // `discover` fills in the categories and matrices after the pass
    const bool discovering = static_cast<bool>(plan.discover);
    const RecordFormat format = target.format();
    ReleaseColumns cols;
    cols.coded.resize(plan.columns.size());
    const ColumnCoder coder{plan, names, format, cols.coded};
    planColumns(coder, discovering, cols);

    // The target is checked first (refused before any work), and the temporary space is where it says.
    const std::string folder = target.prepare();
    const std::size_t buckets = planBuckets(source, plan, cols.released.size());
    ExternalShuffle order(folder, target.name(), buckets, plan.memoryBudget,
                          cols.layout ? cols.layout->recordBytes() : 0);
    const StreamKey key = rng.drawStreamKey();
    StreamReleaseReport report;
    report.randomOrder = !plan.keepOrder;
    report.buckets = buckets;
    report.generator = RandomSource::stream(key, 0).description();
    const ReleaseShape shape{plan,    names, cols.coded, cols.released, cols.layout ? &*cols.layout : nullptr,
                             buckets, key,   format,     discovering};
    const std::vector<LabelDictionary> found = scanIntoOrder(source, shape, cols.ordered, order, report, progress);
    if (discovering)
        adoptFound(plan, found, coder, cols.released);
    if (cols.layout) {
        for (std::size_t k = 0; k < cols.released.size(); ++k)
            cols.layout->setText(k, cols.coded[cols.released[k]]->written, format.missing, format.separator);
        if (std::any_of(cols.released.begin(), cols.released.end(),
                        [&](std::size_t c) { return plan.columns[c].action == ColumnRelease::Action::Randomize; }))
            randomizeBuckets(order, cols, key, buckets, plan.keepOrder, target, progress, report);
    }
    if (check)
        check(report);
    const RecordFeed records = [&](const std::function<void(std::string_view)>& record) {
        feedRecords(order, cols, key, plan.keepOrder, target, progress, record);
    };
    // New files are never more readable than the input they were made from.
    target.write(cols.header, records, report, sideFiles ? sideFiles(report) : std::vector<FileWrite>{},
                 inputModeMask(source.inputFiles()));
    return report;
}

} // namespace

StreamReleaseReport streamRelease(const DataSource& source, const ReleasePlan& plan, RandomSource& rng,
                                  ReleaseTarget& target,
                                  const std::function<void(const StreamReleaseReport&)>& check,
                                  const std::function<std::vector<FileWrite>(const StreamReleaseReport&)>& sideFiles,
                                  const ProgressFunction& progress)
{
    if (!plan.discover)
        return releaseOnce(source, plan, rng, target, check, sideFiles, progress);
    try {
        return releaseOnce(source, plan, rng, target, check, sideFiles, progress);
    } catch (const TooManyToFind&) {
    }
    // A column with more categories than two bytes code (an identifier, say): they are counted first, and the
    // records coded in as many bytes as they need. Nothing was written; the same release, read twice.
    std::vector<std::string> randomized;
    const std::vector<std::string> names = source.attributeNames();
    for (const std::size_t c : writtenOrder(plan)) // the order the categories are handed over in
        if (c < names.size() && c < plan.columns.size() && plan.columns[c].action == ColumnRelease::Action::Randomize)
            randomized.push_back(names[c]);
    std::vector<std::vector<std::string>> counted;
    for (AttributeSummary& a : source.describeAttributes(randomized))
        counted.push_back(std::move(a.categories));
    ReleasePlan twice = plan;
    twice.discover = nullptr;
    plan.discover(twice, counted);
    return releaseOnce(source, twice, rng, target, check, sideFiles, progress);
}

} // namespace rr
