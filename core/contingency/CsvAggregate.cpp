#include "core/contingency/CsvAggregate.h"

#include "core/data/CsvScan.h"
#include "core/data/Errors.h"
#include "core/data/LabelDictionary.h"
#include "core/data/MissingTokens.h"
#include "core/data/TupleCounter.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string_view>
#include <unordered_map>

namespace rr {
namespace {

// Which file columns matter and how.
struct AggregatePlan {
    std::size_t columns = 0;
    int countColumn = -1;
    std::vector<std::size_t> asked;  // file columns counted, in the order asked
    std::vector<std::size_t> policy; // file columns checked for a missing value (beyond the asked ones)
    MissingTokens missing;
    std::size_t longestToken = 0;
    bool joint = true;
    bool cells = false; // distinct cells with missing values kept (code kMissingCode)
    bool rowIndex = false;
    bool summariesOverKept = false;

    bool isMissing(std::string_view v) const
    {
        if (v.size() > longestToken)
            return false;
        return missing.contains(v);
    }
};

// A missing value in a cell tuple (CsvAggregateRequest::cells).
constexpr std::uint32_t kMissingCode = 0xFFFFFFFEu;

// One block: its own dictionaries and counts, merged into the totals in file order.
class AggregateSink : public CsvBlockSink {
public:
    explicit AggregateSink(const AggregatePlan& plan)
        : m_plan(plan), m_dicts(plan.asked.size()), m_marginal(plan.asked.size()), m_seen(plan.asked.size()),
          m_missing(plan.asked.size(), 0.0), m_joint(plan.asked.size()), m_codes(plan.asked.size())
    {}

    bool record(const std::string_view* fields, std::size_t count, std::size_t offset) override
    {
        if (!checkWidth(count, m_plan.columns))
            return false;
        double w = 1;
        if (m_plan.countColumn >= 0) {
            const std::string_view v = fields[m_plan.countColumn];
            const auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), w);
            if (ec != std::errc() || ptr != v.data() + v.size() || !std::isfinite(w) || w < 0)
                return fail(": count '" + std::string(v) + "' is not a non-negative number");
        }
        bool kept = true;
        for (std::size_t c : m_plan.policy)
            if (m_plan.isMissing(fields[c])) {
                kept = false;
                break;
            }
        for (std::size_t k = 0; k < m_plan.asked.size() && kept; ++k)
            kept = !m_plan.isMissing(fields[m_plan.asked[k]]);
        const bool counted = kept || !m_plan.summariesOverKept;
        for (std::size_t k = 0; k < m_plan.asked.size(); ++k) {
            const std::string_view v = fields[m_plan.asked[k]];
            if (m_plan.isMissing(v)) {
                if (counted)
                    m_missing[k] += w;
                m_codes[k] = kMissingCode;
                continue;
            }
            const std::int32_t code = m_dicts[k].insert(v); // every record: the order of first appearance
            if (static_cast<std::size_t>(code) >= m_marginal[k].size()) {
                m_marginal[k].push_back(0.0);
                m_seen[k].push_back(0);
            }
            if (counted) {
                m_marginal[k][static_cast<std::size_t>(code)] += w;
                m_seen[k][static_cast<std::size_t>(code)] = 1;
            }
            m_codes[k] = static_cast<std::uint32_t>(code);
        }
        if (m_plan.cells) // every record, its missing values as they are
            m_joint.add(m_codes.data(), w);
        if (kept) {
            if (m_plan.joint && !m_plan.cells)
                m_joint.add(m_codes.data(), w);
            m_kept += w;
        } else {
            ++m_dropped;
        }
        if (m_plan.rowIndex)
            m_offsets.push_back(offset);
        ++m_record;
        return true;
    }

    const AggregatePlan& m_plan;
    std::vector<LabelDictionary> m_dicts;
    std::vector<std::vector<double>> m_marginal;
    std::vector<std::vector<char>> m_seen; // per local code: counted in the summaries
    std::vector<double> m_missing;
    TupleCounter m_joint;
    std::vector<std::uint32_t> m_codes;
    std::vector<std::uint64_t> m_offsets;
    double m_kept = 0;
    std::size_t m_dropped = 0;
    std::size_t records() const { return m_record; }
};

// The column of each attribute name (the first of a repeated name; the count column left out): built once, so
// that looking up every column of a wide file is linear, not quadratic (issue 24 item 9).
std::unordered_map<std::string_view, std::size_t> columnIndex(const std::vector<std::string>& header, int countColumn)
{
    std::unordered_map<std::string_view, std::size_t> index;
    index.reserve(header.size());
    for (std::size_t i = 0; i < header.size(); ++i)
        if (static_cast<int>(i) != countColumn)
            index.emplace(header[i], i);
    return index;
}

std::size_t columnOf(const std::unordered_map<std::string_view, std::size_t>& index,
                     const std::vector<std::string>& header, int countColumn, const std::string& name)
{
    if (const auto it = index.find(name); it != index.end())
        return it->second;
    std::string known;
    for (std::size_t i = 0; i < header.size(); ++i)
        if (static_cast<int>(i) != countColumn)
            known += (known.empty() ? "" : ", ") + header[i];
    throw InputError("unknown attribute '" + name + "' (the table has: " + known + ")");
}

// What aggregateCsv adds up over the blocks, in file order.
struct AggregateTotals {
    std::vector<LabelDictionary> dicts;  // per asked column, in order of first appearance
    std::vector<std::vector<char>> seen; // per asked column and global code: counted in the summaries
    std::unique_ptr<TupleCounter> joint;
    std::string countName;
    std::size_t recordNumber = 0; // over all files
};

// The plan's parts the request and options give, before the header is read.
AggregatePlan planFromRequest(const CsvOptions& options, const CsvAggregateRequest& request)
{
    AggregatePlan plan;
    plan.missing = MissingTokens(options.missingTokens);
    for (const auto& t : options.missingTokens)
        plan.longestToken = std::max(plan.longestToken, t.size());
    plan.joint = request.joint && !request.cells;
    plan.cells = request.cells;
    plan.rowIndex = request.rowIndex;
    plan.summariesOverKept = request.summariesOverKept;
    return plan;
}

// The header read: the count column, the attributes, and the file columns asked for and checked.
void planFromHeader(const CsvHeader& header, const std::vector<std::string>& paths, const CsvOptions& options,
                    const CsvAggregateRequest& request, AggregatePlan& plan, CsvAggregate& out, AggregateTotals& totals)
{
    plan.columns = header.columns.size();
    out.header = header.columns;
    if (options.countColumn) {
        const auto it = std::find(header.columns.begin(), header.columns.end(), *options.countColumn);
        if (it == header.columns.end())
            throw InputError("'" + paths.front() + "': count column '" + *options.countColumn +
                             "' is not in the header");
        plan.countColumn = static_cast<int>(it - header.columns.begin());
        out.countColumn = plan.countColumn;
        totals.countName = *options.countColumn;
    }
    for (std::size_t i = 0; i < header.columns.size(); ++i)
        if (static_cast<int>(i) != plan.countColumn)
            out.attributes.push_back(header.columns[i]);
    if (out.attributes.empty())
        throw InputError("'" + paths.front() + "': no attribute columns");
    const std::vector<std::string> names = request.attributes.empty() ? out.attributes : request.attributes;
    const auto index = columnIndex(header.columns, plan.countColumn);
    std::vector<bool> asked(header.columns.size(), false);
    for (const auto& n : names) {
        const std::size_t c = columnOf(index, header.columns, plan.countColumn, n);
        if (asked[c])
            throw InputError("attribute '" + n + "' is listed twice");
        asked[c] = true;
        plan.asked.push_back(c);
        out.columns.push_back(CsvColumnSummary{n, {}, {}, 0.0});
    }
    if (request.policy == MissingPolicy::DropIncomplete)
        for (std::size_t i = 0; i < header.columns.size(); ++i)
            if (static_cast<int>(i) != plan.countColumn && !asked[i])
                plan.policy.push_back(i);
    totals.dicts.resize(plan.asked.size());
    totals.seen.resize(plan.asked.size());
    totals.joint = std::make_unique<TupleCounter>(plan.asked.size());
}

// A block's marginal counts added to the totals; each asked column's map from the block's codes to the totals'.
std::vector<std::vector<std::uint32_t>> mergeMarginals(const AggregateSink& block, const AggregatePlan& plan,
                                                       CsvAggregate& out, AggregateTotals& totals)
{
    std::vector<std::vector<std::uint32_t>> remap(plan.asked.size());
    for (std::size_t k = 0; k < plan.asked.size(); ++k) {
        auto& summary = out.columns[k];
        const auto& labels = block.m_dicts[k].labels();
        remap[k].resize(labels.size());
        for (std::size_t c = 0; c < labels.size(); ++c) {
            const auto g = static_cast<std::size_t>(totals.dicts[k].insert(labels[c]));
            if (g >= summary.counts.size()) {
                summary.counts.push_back(0.0);
                totals.seen[k].push_back(0);
            }
            summary.counts[g] += block.m_marginal[k][c];
            totals.seen[k][g] |= block.m_seen[k][c];
            remap[k][c] = static_cast<std::uint32_t>(g);
        }
        summary.missing += block.m_missing[k];
    }
    return remap;
}

// A block merged into the totals, in file order: its counts, its cells (within the limit), where it is.
void mergeBlock(const AggregateSink& block, const CsvBlockPosition& where, const AggregatePlan& plan,
                const CsvAggregateRequest& request, CsvAggregate& out, AggregateTotals& totals)
{
    const std::vector<std::vector<std::uint32_t>> remap = mergeMarginals(block, plan, out, totals);
    TupleCounter& joint = *totals.joint;
    std::vector<std::uint32_t> codes(plan.asked.size());
    for (std::size_t e = 0; e < block.m_joint.size(); ++e) {
        const std::uint32_t* t = block.m_joint.tuple(e);
        for (std::size_t k = 0; k < codes.size(); ++k)
            codes[k] = t[k] == kMissingCode ? kMissingCode : remap[k][t[k]];
        joint.add(codes.data(), block.m_joint.count(e));
    }
    if ((plan.joint || plan.cells) && joint.size() > request.maxCells)
        throw DomainError("the records show more than " + std::to_string(request.maxCells) +
                          " different combinations of the chosen attributes; their contingency table would be "
                          "larger than the limit of " +
                          std::to_string(request.maxCells) + " cells");
    if (where.fileIndex >= out.delimiters.size()) { // the first block of a file
        out.delimiters.push_back(where.delimiter);
        out.dataStart.push_back(where.byteOffset);
    }
    for (std::size_t i = 0; i < block.m_offsets.size(); ++i)
        if ((totals.recordNumber + i) % kRowIndexStride == 0)
            out.rowIndex.push_back(
                {static_cast<std::uint32_t>(where.fileIndex), where.byteOffset + block.m_offsets[i]});
    totals.recordNumber += block.records();
    out.rows += block.records();
    out.droppedRows += block.m_dropped;
    out.records += block.m_kept;
}

// Each column's categories in order of first appearance (only those the kept records show, if asked).
void finishSummaries(const AggregatePlan& plan, const AggregateTotals& totals, CsvAggregate& out)
{
    for (std::size_t k = 0; k < plan.asked.size(); ++k) {
        CsvColumnSummary& c = out.columns[k];
        c.categories = totals.dicts[k].labels();
        if (plan.summariesOverKept) { // only the categories the kept records show
            std::vector<std::string> cats;
            std::vector<double> counts;
            for (std::size_t i = 0; i < c.categories.size(); ++i)
                if (totals.seen[k][i]) {
                    cats.push_back(c.categories[i]);
                    counts.push_back(c.counts[i]);
                }
            c.categories = std::move(cats);
            c.counts = std::move(counts);
        }
    }
}

// The distinct cells, missing values as they are, with their weights.
void writeCells(const AggregatePlan& plan, const AggregateTotals& totals, CsvAggregate& out)
{
    const TupleCounter& joint = *totals.joint;
    for (std::size_t k = 0; k < plan.asked.size(); ++k)
        out.cells.attributes.push_back(Attribute{out.columns[k].name, totals.dicts[k].labels(), {}});
    for (std::size_t e = 0; e < joint.size(); ++e) {
        const std::uint32_t* t = joint.tuple(e);
        for (std::size_t k = 0; k < plan.asked.size(); ++k)
            out.cells.attributes[k].codes.push_back(t[k] == kMissingCode ? Attribute::kMissing
                                                                         : static_cast<std::int32_t>(t[k]));
        out.cells.weights.push_back(joint.count(e));
    }
}

// The categories present in the kept records, in file order, and the dense table over them.
// Asks `keepRunning` while the table's cells are faulted in (a second at 60M cells).
void buildJointTable(const AggregatePlan& plan, const CsvAggregateRequest& request, const AggregateTotals& totals,
                     const std::function<bool()>& keepRunning, CsvAggregate& out)
{
    const TupleCounter& joint = *totals.joint;
    const std::size_t width = plan.asked.size();
    std::vector<std::vector<std::int32_t>> present(width);
    for (std::size_t k = 0; k < width; ++k)
        present[k].assign(totals.dicts[k].size(), -1);
    for (std::size_t e = 0; e < joint.size(); ++e)
        for (std::size_t k = 0; k < width; ++k)
            present[k][joint.tuple(e)[k]] = 0;
    std::vector<int> dims(width);
    std::vector<std::string> names(width);
    out.categories.resize(width);
    for (std::size_t k = 0; k < width; ++k) {
        names[k] = out.columns[k].name;
        for (std::size_t c = 0; c < present[k].size(); ++c)
            if (present[k][c] == 0) {
                present[k][c] = static_cast<std::int32_t>(out.categories[k].size());
                out.categories[k].push_back(totals.dicts[k].labels()[c]);
            }
        dims[k] = static_cast<int>(out.categories[k].size());
    }
    out.joint = ContingencyTable(dims, names, request.maxCells, keepRunning);
    const auto& strides = out.joint.strides();
    auto& counts = out.joint.counts();
    for (std::size_t e = 0; e < joint.size(); ++e) {
        std::size_t idx = 0;
        for (std::size_t k = 0; k < width; ++k)
            idx += strides[k] * static_cast<std::size_t>(present[k][joint.tuple(e)[k]]);
        counts[static_cast<Eigen::Index>(idx)] += joint.count(e);
    }
}

} // namespace

CsvAggregate aggregateCsv(const std::vector<std::string>& paths, const CsvOptions& options,
                          const CsvAggregateRequest& request, const std::function<bool(double)>& progress)
{
    CsvAggregate out;
    AggregatePlan plan = planFromRequest(options, request);
    AggregateTotals totals;

    CsvScanCallbacks callbacks;
    callbacks.header = [&](const CsvHeader& header) {
        planFromHeader(header, paths, options, request, plan, out, totals);
    };
    callbacks.newSink = [&]() { return std::make_unique<AggregateSink>(plan); };
    callbacks.merge = [&](CsvBlockSink& s, const CsvBlockPosition& where) {
        mergeBlock(static_cast<AggregateSink&>(s), where, plan, request, out, totals);
    };
    scanCsv(paths, options, callbacks, progress);

    if (out.rows == 0 && !options.range) // a byte range may hold no record start: its counts are zero
        throw InputError("'" + paths.front() + "' has a header but no records (empty table)");
    finishSummaries(plan, totals, out);
    checkTotalCount(out.records, totals.countName);
    if (plan.cells) {
        writeCells(plan, totals, out);
        return out;
    }
    if (!plan.joint)
        return out;
    if (out.rows == 0) // a byte range without a record start: there is no table to build
        throw InputError("no record of '" + paths.front() + "' starts in bytes [" + std::to_string(options.range->begin) +
                         ", " + std::to_string(options.range->end) + ")");
    if (out.rows == out.droppedRows)
        throw InputError("every record has a missing value in a used attribute (" + std::to_string(out.droppedRows) +
                         " dropped); nothing is left to analyse");
    buildJointTable(plan, request, totals, [&] { return !progress || progress(1.0); }, out); // the reading is done
    return out;
}

} // namespace rr
