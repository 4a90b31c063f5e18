#include "core/datasource/BinnedSource.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace rr {
namespace {

// Categories merged into bins: counts per bin over the categories, with what became missing.
struct Merged {
    std::vector<std::string> categories; // the bins present, ascending
    std::vector<double> counts;
    double lost = 0; // not numeric or outside
};

Merged merge(const Bins& bins, const std::vector<std::string>& categories, const std::vector<double>& counts)
{
    const BinCounts c = countBins(bins, categories, counts);
    Merged out;
    for (std::size_t b = 0; b < bins.size(); ++b)
        if (c.counts[b] > 0) {
            out.categories.push_back(bins.labels[b]);
            out.counts.push_back(c.counts[b]);
        }
    out.lost = c.notNumeric + c.outside;
    return out;
}

std::string noRecordLeft(std::size_t dropped)
{
    return "every record has a missing value in a used attribute (" + std::to_string(dropped) +
           " dropped); nothing is left to analyse";
}

struct RowCount : ChunkResult {
    std::size_t kept = 0, dropped = 0;
};

// Per chunk: the kept rows' weighted count of each category text, per attribute.
struct CategoryCounts : ChunkResult {
    std::vector<std::vector<std::pair<std::string, double>>> values; // per output attribute, first appearance
    std::size_t kept = 0, dropped = 0;
    double records = 0;
};

// The inner table's non-zero cells in row-major order, each with its coordinates; a cell is dropped when a
// bin makes one of its values missing (its code negative).
struct InnerCells {
    const PreparedTable& in;
    const std::vector<std::vector<int>>& code; // per inner axis: inner code -> bin (or itself), negative: dropped
    std::vector<int> coords;

    template <class Visit>
    void forEach(Visit&& visit)
    {
        const auto& counts = in.joint.counts();
        const auto cells = static_cast<std::size_t>(counts.size());
        const std::size_t axes = coords.size();
        std::fill(coords.begin(), coords.end(), 0);
        for (std::size_t cell = 0; cell < cells; ++cell) {
            if (counts[static_cast<Eigen::Index>(cell)] != 0)
                visit(cell);
            for (std::size_t k = axes; k-- > 0;) { // row-major odometer
                if (++coords[k] < in.dims[k])
                    break;
                coords[k] = 0;
            }
        }
    }

    bool dropped() const
    {
        for (std::size_t k = 0; k < coords.size(); ++k)
            if (code[k][static_cast<std::size_t>(coords[k])] < 0)
                return true;
        return false;
    }

    // The bin (or category) of the cell's value on axis k.
    std::size_t binOn(std::size_t k) const
    {
        return static_cast<std::size_t>(code[k][static_cast<std::size_t>(coords[k])]);
    }
};

// Pass 1: which (bin) categories of the used axes the kept records show; the weight the bins drop.
double markPresent(InnerCells& cells, std::vector<std::vector<char>>& present)
{
    const auto& counts = cells.in.joint.counts();
    double droppedWeight = 0;
    cells.forEach([&](std::size_t cell) {
        if (cells.dropped()) {
            droppedWeight += counts[static_cast<Eigen::Index>(cell)];
            return;
        }
        for (std::size_t k = 0; k < present.size(); ++k)
            present[k][cells.binOn(k)] = 1;
    });
    return droppedWeight;
}

// The categories present on each used axis (bin labels for a binned one) into `out`; each bin's or
// category's position among them, -1 when absent.
std::vector<std::vector<int>> presentCategories(const PreparedTable& in, const std::vector<std::vector<char>>& present,
                                                const std::vector<const BinnedAttribute*>& binnings,
                                                PreparedTable& out)
{
    std::vector<std::vector<int>> renumber(present.size());
    for (std::size_t k = 0; k < present.size(); ++k) {
        const BinnedAttribute* b = binnings[k];
        std::vector<std::string> cats;
        renumber[k].assign(present[k].size(), -1);
        for (std::size_t c = 0; c < present[k].size(); ++c)
            if (present[k][c]) {
                renumber[k][c] = static_cast<int>(cats.size());
                cats.push_back(b ? b->bins.labels[c] : in.categories[k][c]);
            }
        out.dims.push_back(static_cast<int>(cats.size()));
        out.categories.push_back(std::move(cats));
    }
    return renumber;
}

// Pass 2: the counts over the bins, the extra attributes summed out.
void sumOverBins(InnerCells& cells, const std::vector<std::vector<int>>& renumber, PreparedTable& out)
{
    const auto& counts = cells.in.joint.counts();
    const auto& strides = out.joint.strides();
    auto& target = out.joint.counts();
    cells.forEach([&](std::size_t cell) {
        if (cells.dropped())
            return;
        std::size_t index = 0;
        for (std::size_t k = 0; k < renumber.size(); ++k)
            index += strides[k] * static_cast<std::size_t>(renumber[k][cells.binOn(k)]);
        target[static_cast<Eigen::Index>(index)] += counts[static_cast<Eigen::Index>(cell)];
    });
}

// One chunk of the one-pass summary: kept rows counted, and each output column's weighted count per text.
template <class Keeps>
std::unique_ptr<CategoryCounts> countCategories(const RecordChunk& chunk, const std::vector<std::size_t>& outColumns,
                                                Keeps&& keeps)
{
    auto r = std::make_unique<CategoryCounts>();
    r->values.resize(outColumns.size());
    std::vector<std::unordered_map<std::string_view, std::size_t>> index(outColumns.size());
    for (std::size_t row = 0; row < chunk.rows; ++row) {
        const bool keep = keeps(row);
        if (!keep) {
            ++r->dropped;
            continue;
        }
        ++r->kept;
        const double w = chunk.weights.empty() ? 1.0 : chunk.weights[row];
        r->records += w;
        for (std::size_t k = 0; k < outColumns.size(); ++k) {
            const std::string_view v = chunk.field(row, outColumns[k]);
            auto [it, fresh] = index[k].try_emplace(v, r->values[k].size());
            if (fresh)
                r->values[k].emplace_back(std::string(v), 0.0);
            r->values[k][it->second].second += w;
        }
    }
    return r;
}

// A column of the one-pass summary: the inner source's order of categories, only those kept, merged into its
// bins when it has some.
AttributeSummary keptAttribute(const AttributeSummary& a, const std::unordered_map<std::string, double>& counts,
                               const Bins* bins)
{
    AttributeSummary s;
    s.name = a.name;
    for (const auto& c : a.categories)
        if (const auto it = counts.find(c); it != counts.end()) {
            s.categories.push_back(c);
            s.counts.push_back(it->second);
        }
    if (bins) {
        Merged m = merge(*bins, s.categories, s.counts);
        s.categories = std::move(m.categories);
        s.counts = std::move(m.counts);
    }
    return s;
}

} // namespace

NumericProfile numericProfile(const AttributeSummary& attribute)
{
    return numericProfile(attribute.categories);
}

BinPreview previewBins(const BinSpec& spec, const AttributeSummary& attribute)
{
    BinPreview p;
    p.bins = resolveBins(spec, attribute.categories, attribute.counts);
    const BinCounts c = countBins(p.bins, attribute.categories, attribute.counts);
    p.counts = c.counts;
    p.notNumeric = c.notNumeric;
    p.outside = c.outside;
    return p;
}

BinnedSource::BinnedSource(std::shared_ptr<const DataSource> inner, const std::vector<BinSpec>& specs)
    : m_inner(std::move(inner))
{
    const SourceSummary& s = m_inner->summary();
    m_summary = s;
    m_binOfColumn.assign(s.attributes.size(), -1);
    for (const BinSpec& spec : specs) {
        const AttributeSummary& a = s.attribute(spec.attribute); // InputError naming an unknown one
        const std::size_t column = static_cast<std::size_t>(&a - s.attributes.data());
        if (m_binOfColumn[column] >= 0)
            throw InputError("--bin " + spec.attribute + ": the attribute is binned twice");
        BinnedAttribute b;
        b.spec = spec;
        b.bins = resolveBins(spec, a.categories, a.counts);
        b.column = column;
        const BinCounts c = countBins(b.bins, a.categories, a.counts);
        b.notNumeric = c.notNumeric;
        b.outside = c.outside;
        m_binOfColumn[column] = static_cast<int>(m_binned.size());
        m_binned.push_back(std::move(b));
        m_summary.attributes[column] = binnedSummary(a, m_binned.back());
    }
}

const BinnedAttribute* BinnedSource::binningOf(const std::string& name) const
{
    for (const auto& b : m_binned)
        if (b.spec.attribute == name)
            return &b;
    return nullptr;
}

std::vector<BinSpec> BinnedSource::specs() const
{
    std::vector<BinSpec> out;
    for (const auto& b : m_binned)
        out.push_back(b.spec);
    return out;
}

std::string BinnedSource::description() const
{
    std::string out = m_inner->description();
    for (std::size_t i = 0; i < m_binned.size(); ++i)
        out += (i == 0 ? ", binned: " : "; ") + m_binned[i].spec.attribute + "=" + binSpecText(m_binned[i].spec);
    return out;
}

AttributeSummary BinnedSource::binnedSummary(const AttributeSummary& inner, const BinnedAttribute& b) const
{
    Merged m = merge(b.bins, inner.categories, inner.counts);
    AttributeSummary out;
    out.name = inner.name;
    out.categories = std::move(m.categories);
    out.counts = std::move(m.counts);
    out.missing = inner.missing + m.lost;
    return out;
}

std::vector<AttributeSummary> BinnedSource::describeAttributes(const std::vector<std::string>& names,
                                                               const ProgressFunction& progress) const
{
    std::vector<AttributeSummary> out = m_inner->describeAttributes(names, progress);
    for (auto& a : out)
        if (const BinnedAttribute* b = binningOf(a.name))
            a = binnedSummary(a, *b);
    return out;
}

bool BinnedSource::keepsRecord(const RecordChunk& chunk, std::size_t row, const std::vector<bool>& checked) const
{
    for (std::size_t c = 0; c < chunk.columns; ++c) {
        if (!checked[c])
            continue;
        if (chunk.isMissing(row, c))
            return false;
        if (m_binOfColumn[c] >= 0 &&
            binOfText(m_binned[static_cast<std::size_t>(m_binOfColumn[c])].bins, chunk.field(row, c)) < 0)
            return false;
    }
    return true;
}

std::pair<std::size_t, std::size_t> BinnedSource::countRows(const std::vector<bool>& checked,
                                                            const ProgressFunction& progress) const
{
    RecordScan scan;
    scan.columns = checked;
    std::pair<std::size_t, std::size_t> total{0, 0};
    scan.map = [&](const RecordChunk& chunk) {
        auto r = std::make_unique<RowCount>();
        for (std::size_t row = 0; row < chunk.rows; ++row) {
            const bool keep = keepsRecord(chunk, row, checked);
            ++(keep ? r->kept : r->dropped);
        }
        return r;
    };
    scan.reduce = [&](ChunkResult& result) {
        const auto& r = static_cast<RowCount&>(result);
        total.first += r.kept;
        total.second += r.dropped;
    };
    m_inner->scanRecords(scan, progress);
    return total;
}

KeptSummary BinnedSource::summarize(const std::vector<std::string>& names, MissingPolicy policy,
                                    const ProgressFunction& progress) const
{
    const std::vector<std::string> all = names.empty() ? attributeNames() : names;
    const SourceSummary& inner = m_inner->summary();
    // The columns whose values the policy checks, and whether a bin makes one of them missing.
    std::vector<bool> checked(inner.attributes.size(), policy == MissingPolicy::DropIncomplete);
    for (const auto& n : all)
        checked[static_cast<std::size_t>(&inner.attribute(n) - inner.attributes.data())] = true;
    bool binsDrop = false;
    for (const auto& b : m_binned)
        binsDrop = binsDrop || (checked[b.column] && b.makesMissing());

    if (!binsDrop) { // the inner source's summary, its categories merged into bins
        KeptSummary kept = m_inner->summarize(names, policy, progress);
        for (auto& a : kept.attributes)
            if (const BinnedAttribute* b = binningOf(a.name))
                a = binnedSummary(a, *b);
        return kept;
    }

    // A bin drops records the inner source does not know of: one pass over the records.
    std::vector<std::size_t> outColumns;
    for (const auto& n : all)
        outColumns.push_back(static_cast<std::size_t>(&inner.attribute(n) - inner.attributes.data()));
    RecordScan scan;
    scan.columns = checked;
    std::vector<std::unordered_map<std::string, double>> counts(all.size());
    KeptSummary out;
    scan.map = [&](const RecordChunk& chunk) {
        return countCategories(chunk, outColumns, [&](std::size_t row) { return keepsRecord(chunk, row, checked); });
    };
    scan.reduce = [&](ChunkResult& result) {
        auto& r = static_cast<CategoryCounts&>(result);
        out.rows += r.kept;
        out.droppedRows += r.dropped;
        out.records += r.records;
        for (std::size_t k = 0; k < r.values.size(); ++k)
            for (auto& [v, w] : r.values[k])
                counts[k][v] += w;
    };
    m_inner->scanRecords(scan, progress);
    if (out.rows == 0)
        throw InputError(noRecordLeft(out.droppedRows));
    for (std::size_t k = 0; k < all.size(); ++k) {
        const int bin = m_binOfColumn[outColumns[k]];
        out.attributes.push_back(keptAttribute(inner.attributes[outColumns[k]], counts[k],
                                               bin >= 0 ? &m_binned[static_cast<std::size_t>(bin)].bins : nullptr));
    }
    return out;
}


PreparedTable BinnedSource::aggregate(const std::vector<std::string>& names, MissingPolicy policy,
                                      const ProgressFunction& progress) const
{
    if (names.empty())
        throw InputError("choose at least one attribute");
    // DropIncomplete drops a record whose binned value becomes missing, used or not: count those
    // attributes too, then sum them out.
    std::vector<std::string> innerNames = names;
    if (policy == MissingPolicy::DropIncomplete)
        for (const auto& b : m_binned)
            if (b.makesMissing() && std::find(names.begin(), names.end(), b.spec.attribute) == names.end())
                innerNames.push_back(b.spec.attribute);
    PreparedTable in = m_inner->aggregate(innerNames, policy, progress);
    const std::size_t axes = innerNames.size(), used = names.size();

    // Inner code -> bin (or itself), negative when the record is dropped.
    std::vector<std::vector<int>> code(axes);
    for (std::size_t k = 0; k < axes; ++k) {
        const BinnedAttribute* b = binningOf(innerNames[k]);
        for (std::size_t c = 0; c < in.categories[k].size(); ++c)
            code[k].push_back(b ? binOfText(b->bins, in.categories[k][c]) : static_cast<int>(c));
    }
    std::vector<const BinnedAttribute*> binnings(used);
    std::vector<std::vector<char>> present(used);
    for (std::size_t k = 0; k < used; ++k) {
        binnings[k] = binningOf(names[k]);
        present[k].assign(binnings[k] ? binnings[k]->bins.size() : in.categories[k].size(), 0);
    }
    InnerCells cells{in, code, std::vector<int>(axes, 0)};
    const double droppedWeight = markPresent(cells, present);

    PreparedTable out;
    out.names = names;
    const std::vector<std::vector<int>> renumber = presentCategories(in, present, binnings, out);
    out.loadedRows = in.loadedRows;
    out.records = in.records - droppedWeight;
    out.droppedRows = in.droppedRows;
    if (droppedWeight > 0) {
        if (m_inner->isWeighted()) { // the counts are weights: count the rows again
            const SourceSummary& s = m_inner->summary();
            std::vector<bool> checked(s.attributes.size(), policy == MissingPolicy::DropIncomplete);
            for (const auto& n : names)
                checked[static_cast<std::size_t>(&s.attribute(n) - s.attributes.data())] = true;
            out.droppedRows = countRows(checked, progress).second;
        } else {
            out.droppedRows += static_cast<std::size_t>(std::llround(droppedWeight));
        }
    }
    if (out.keptRows() == 0 || std::any_of(out.dims.begin(), out.dims.end(), [](int d) { return d == 0; }))
        throw InputError(noRecordLeft(out.droppedRows));
    out.joint = ContingencyTable(out.dims, names); // the memory guard: never larger than the inner table
    sumOverBins(cells, renumber, out);
    return out;
}

namespace {

// Codes of one column remapped to the bins present, ascending.
void applyBins(Attribute& a, const Bins& bins)
{
    std::vector<int> bin;
    for (const auto& c : a.categories)
        bin.push_back(binOfText(bins, c));
    std::vector<char> present(bins.size(), 0);
    for (std::int32_t c : a.codes)
        if (c != Attribute::kMissing && bin[static_cast<std::size_t>(c)] >= 0)
            present[static_cast<std::size_t>(bin[static_cast<std::size_t>(c)])] = 1;
    std::vector<std::int32_t> renumber(bins.size(), Attribute::kMissing);
    std::vector<std::string> categories;
    for (std::size_t b = 0; b < bins.size(); ++b)
        if (present[b]) {
            renumber[b] = static_cast<std::int32_t>(categories.size());
            categories.push_back(bins.labels[b]);
        }
    for (std::int32_t& c : a.codes)
        if (c != Attribute::kMissing) {
            const int b = bin[static_cast<std::size_t>(c)];
            c = b >= 0 ? renumber[static_cast<std::size_t>(b)] : Attribute::kMissing;
        }
    a.categories = std::move(categories);
}

} // namespace

Table BinnedSource::records(std::size_t maxRows, const ProgressFunction& progress) const
{
    Table t = m_inner->records(maxRows, progress);
    for (const auto& b : m_binned)
        applyBins(t.attributes[b.column], b.bins);
    return t;
}

RowPage BinnedSource::rows(std::size_t first, std::size_t count) const
{
    RowPage page = m_inner->rows(first, count);
    for (std::size_t r = 0; r < page.values.size(); ++r)
        for (const auto& b : m_binned) {
            if (b.column >= page.values[r].size() || page.missing[r][b.column])
                continue;
            const int bin = binOfText(b.bins, page.values[r][b.column]);
            page.values[r][b.column] = bin >= 0 ? b.bins.labels[static_cast<std::size_t>(bin)] : std::string();
            page.missing[r][b.column] = bin < 0;
        }
    return page;
}

void BinnedSource::scanRecords(const RecordScan& scan, const ProgressFunction& progress) const
{
    RecordScan inner;
    inner.columns = scan.columns;
    inner.reduce = scan.reduce;
    inner.map = [&](const RecordChunk& chunk) {
        RecordChunk binned = chunk; // the labels are the source's: they outlive the chunk
        for (const auto& b : m_binned) {
            if (b.column >= chunk.columns || (!scan.columns.empty() && !scan.columns[b.column]))
                continue;
            for (std::size_t row = 0; row < chunk.rows; ++row) {
                const std::size_t i = chunk.index(row, b.column);
                if (binned.missing[i])
                    continue;
                const int bin = binOfText(b.bins, chunk.fields[i]);
                binned.fields[i] = bin >= 0 ? std::string_view(b.bins.labels[static_cast<std::size_t>(bin)])
                                            : std::string_view();
                binned.missing[i] = bin < 0 ? 1 : 0;
            }
        }
        return mapChunk(scan, binned);
    };
    m_inner->scanRecords(inner, progress);
}

std::vector<std::string> binnedAttributeNames(const DataSource& source)
{
    std::vector<std::string> out;
    if (const auto* b = dynamic_cast<const BinnedSource*>(&source))
        for (const BinnedAttribute& a : b->binning())
            out.push_back(a.spec.attribute);
    return out;
}

const DataSource& unbinned(const DataSource& source)
{
    const auto* binned = dynamic_cast<const BinnedSource*>(&source);
    return binned ? unbinned(binned->inner()) : source;
}

std::shared_ptr<const DataSource> withBins(std::shared_ptr<const DataSource> source, const std::vector<BinSpec>& specs)
{
    if (specs.empty())
        return source;
    return std::make_shared<BinnedSource>(std::move(source), specs);
}

void binTable(Table& table, const std::vector<BinSpec>& specs, std::vector<BinnedAttribute>* binned)
{
    for (const BinSpec& spec : specs) {
        const int index = table.attributeIndex(spec.attribute); // InputError naming it
        Attribute& a = table.attributes[static_cast<std::size_t>(index)];
        std::vector<double> counts(a.categories.size(), 0.0);
        for (std::size_t r = 0; r < a.codes.size(); ++r)
            if (a.codes[r] != Attribute::kMissing)
                counts[static_cast<std::size_t>(a.codes[r])] += table.weight(r);
        BinnedAttribute b;
        b.spec = spec;
        b.bins = resolveBins(spec, a.categories, counts);
        b.column = static_cast<std::size_t>(index);
        const BinCounts c = countBins(b.bins, a.categories, counts);
        b.notNumeric = c.notNumeric;
        b.outside = c.outside;
        applyBins(a, b.bins);
        if (binned)
            binned->push_back(std::move(b));
    }
}

} // namespace rr
