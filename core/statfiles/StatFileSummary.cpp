#include "core/statfiles/StatFileSummary.h"

#include "core/data/Errors.h"
#include "core/statfiles/DtaScan.h"
#include "core/statfiles/DtaTables.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <numeric>
#include <memory>
#include <unordered_set>

namespace rr {
namespace {

using L = StatFileLimits;

struct LabelSet {
    std::vector<std::pair<std::string, std::string>> labels; // key -> label, as declared
    std::unordered_map<std::string, std::size_t> byKey;
};

struct ValueCounts {
    std::vector<std::string> keys; // first appearance
    std::vector<double> counts;
    StatKeyIndex slot;
    double present = 0, user = 0;
    std::map<char, double> tagged;
};

class SummaryPass : public StatFileHandler {
public:
    explicit SummaryPass(const std::string& path) : m_path(path) {}

    void metadata(long rows, int variables) override
    {
        m_declaredRows = rows;
        m_infos.resize(static_cast<std::size_t>(variables));
        m_values.resize(static_cast<std::size_t>(variables));
    }
    void variable(int index, const StatVariableInfo& info) override
    {
        const auto i = static_cast<std::size_t>(index);
        if (i >= m_infos.size()) {
            m_infos.resize(i + 1);
            m_values.resize(i + 1);
        }
        m_infos[i] = info;
    }
    void valueLabel(const std::string& set, const std::string& key, const std::string& label) override
    {
        LabelSet& s = m_sets[set];
        if (s.byKey.count(key)) {
            s.labels[s.byKey[key]].second = label;
            return;
        }
        if (s.labels.size() >= L::kMaxValueLabels)
            throw InputError("'" + m_path + "': value label set '" + set + "' has more than " +
                             std::to_string(L::kMaxValueLabels) + " labels");
        charge(key.size() + label.size());
        s.byKey.emplace(key, s.labels.size());
        s.labels.emplace_back(key, label);
    }
    void value(long row, int variable, const StatFileValue& v) override
    {
        if (row != m_lastRow) {
            m_lastRow = row;
            ++m_rows;
        }
        const auto i = static_cast<std::size_t>(variable);
        if (i >= m_values.size()) {
            m_infos.resize(i + 1);
            m_values.resize(i + 1);
        }
        ValueCounts& c = m_values[i];
        switch (v.kind) {
        case StatFileValue::Kind::SystemMissing:
            return; // rows less the others, at the end
        case StatFileValue::Kind::UserMissing:
            ++c.user;
            return;
        case StatFileValue::Kind::TaggedMissing:
            ++c.tagged[v.tag];
            return;
        case StatFileValue::Kind::Present:
            break;
        }
        ++c.present;
        const bool isString = m_infos[i].isString;
        if (const std::int32_t* slot = c.slot.find(v.key, isString)) {
            ++c.counts[static_cast<std::size_t>(*slot)];
            return;
        }
        if (c.keys.size() >= L::kMaxCategories)
            throw InputError("'" + m_path + "': variable '" + m_infos[i].name + "' has more than " +
                             std::to_string(L::kMaxCategories) + " distinct values");
        charge(v.key.size());
        c.slot.insert(v.key, isString, static_cast<std::int32_t>(c.keys.size()));
        c.keys.push_back(v.key);
        c.counts.push_back(1);
    }

    // The layout read by this project agrees with what ReadStat read of the same header.
    bool agrees(const DtaLayout& layout) const
    {
        if (m_declaredRows < 0 || static_cast<std::uint64_t>(m_declaredRows) != layout.rows ||
            m_infos.size() != layout.columns.size())
            return false;
        for (std::size_t i = 0; i < m_infos.size(); ++i) {
            const DtaColumn::Type t = layout.columns[i].type;
            if (m_infos[i].isString != (t == DtaColumn::Type::Str) ||
                m_infos[i].isFloat != (t == DtaColumn::Type::Float))
                return false;
        }
        return true;
    }
    std::vector<std::string> names() const
    {
        std::vector<std::string> out;
        for (const auto& info : m_infos)
            out.push_back(info.name);
        return out;
    }
    // Every variable's values counted elsewhere (DtaScan.h) instead of through value().
    void counted(std::vector<DtaValueCounts>&& all, std::size_t rows)
    {
        m_rows = rows;
        for (std::size_t i = 0; i < all.size() && i < m_values.size(); ++i) {
            ValueCounts& c = m_values[i];
            for (const auto& key : all[i].keys)
                charge(key.size());
            c.keys = std::move(all[i].keys);
            c.counts = std::move(all[i].counts);
            c.present = all[i].present;
            c.tagged = std::move(all[i].tagged);
        }
    }

    StatFileContents finish()
    {
        StatFileContents out;
        out.summary.rows = m_rows;
        out.summary.totalWeight = static_cast<double>(m_rows);
        std::unordered_set<std::string> names;
        for (std::size_t i = 0; i < m_infos.size(); ++i) {
            StatFileSource::Variable var;
            var.info = std::move(m_infos[i]);
            if (var.info.name.empty())
                var.info.name = std::to_string(i + 1).insert(0, 1, 'V');
            if (!names.insert(var.info.name).second)
                throw InputError("'" + m_path + "': two variables are named '" + var.info.name + "'");
            const LabelSet* labels = nullptr;
            if (!var.info.labelSet.empty())
                if (const auto it = m_sets.find(var.info.labelSet); it != m_sets.end())
                    labels = &it->second;
            ValueCounts& c = m_values[i];
            AttributeSummary a;
            a.name = var.info.name;
            std::unordered_map<std::string, std::int32_t> categoryOfText;
            for (const std::size_t k : categoryOrder(c, var.info, labels != nullptr)) {
                std::string text;
                if (labels)
                    if (const auto it = labels->byKey.find(c.keys[k]); it != labels->byKey.end())
                        text = labels->labels[it->second].second;
                if (text.empty())
                    text = statValueText(c.keys[k], var.info);
                auto [it, added] = categoryOfText.emplace(text, static_cast<std::int32_t>(a.categories.size()));
                if (added) {
                    a.categories.push_back(text);
                    a.counts.push_back(0);
                }
                a.counts[static_cast<std::size_t>(it->second)] += c.counts[k];
                var.categoryOfKey.insert(c.keys[k], var.info.isString, it->second);
            }
            double tagged = 0;
            for (const auto& [tag, n] : c.tagged)
                tagged += n;
            a.missing = static_cast<double>(m_rows) - c.present;
            var.details.label = var.info.label;
            var.details.userMissing = c.user;
            var.details.taggedMissing = c.tagged;
            var.details.systemMissing = a.missing - c.user - tagged;
            if (labels)
                var.details.codes = sharedLabels(var.info, *labels);
            out.summary.attributes.push_back(std::move(a));
            out.variables.push_back(std::move(var));
            c = ValueCounts(); // the counts by key are no longer needed
        }
        return out;
    }

private:
    // The order the categories are listed in: a labelled number's by its code (1, 2, 3 as the codebook reads,
    // whatever row each first appears in); others as they first appear, as a CSV file's do.
    static std::vector<std::size_t> categoryOrder(const ValueCounts& c, const StatVariableInfo& info, bool labelled)
    {
        std::vector<std::size_t> order(c.keys.size());
        std::iota(order.begin(), order.end(), std::size_t{0});
        if (!labelled || info.isString)
            return order;
        const auto code = [&](std::size_t k) {
            double v = 0;
            std::memcpy(&v, c.keys[k].data(), std::min(sizeof v, c.keys[k].size()));
            return std::isnan(v) ? std::numeric_limits<double>::infinity() : v; // a strict order even then
        };
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return code(a) < code(b); });
        return order;
    }

    // The set's labels with their codes as text for `info`'s kind of variable, built on first use and shared
    // by every later variable naming the same set.
    ValueLabels sharedLabels(const StatVariableInfo& info, const LabelSet& set)
    {
        const int kind = info.isString ? 2 : info.isFloat ? 1 : 0;
        std::shared_ptr<const ValueLabelList>& list = m_shared[{info.labelSet, kind}];
        if (!list) {
            auto built = std::make_shared<ValueLabelList>();
            built->reserve(set.labels.size());
            for (const auto& [key, label] : set.labels)
                built->emplace_back(statValueText(key, info), label);
            list = std::move(built);
        }
        return ValueLabels(list);
    }

    void charge(std::size_t bytes)
    {
        m_bytes += bytes + 32;
        if (m_bytes > L::kMaxDictionaryBytes)
            throw InputError("'" + m_path + "': the distinct values and labels take more than " +
                             std::to_string(L::kMaxDictionaryBytes >> 20) + " MiB");
    }

    const std::string& m_path;
    std::vector<StatVariableInfo> m_infos;
    std::vector<ValueCounts> m_values;
    std::unordered_map<std::string, LabelSet> m_sets;
    std::map<std::pair<std::string, int>, std::shared_ptr<const ValueLabelList>> m_shared; // (set, kind)
    long m_lastRow = -1;
    long m_declaredRows = -1;
    std::size_t m_rows = 0;
    std::size_t m_bytes = 0;
};

} // namespace

StatFileContents readStatFileContents(const std::string& path, StatFormat format, const ProgressFunction& progress,
                                      StatFileReading reading)
{
    if (format == StatFormat::Dta)
        checkDtaTables(path); // counts ReadStat would take as they are, or stop at without a word
    if (format == StatFormat::Dta && reading == StatFileReading::Direct) {
        SummaryPass pass(path);
        readStatFileDictionary(path, format, pass, progress);
        std::optional<DtaLayout> layout = readDtaLayout(path);
        std::vector<DtaValueCounts> counts;
        if (layout && pass.agrees(*layout) && dtaCountValues(path, *layout, pass.names(), progress, counts)) {
            pass.counted(std::move(counts), static_cast<std::size_t>(layout->rows));
            StatFileContents out = pass.finish();
            out.dta = std::move(layout);
            return out;
        }
    }
    SummaryPass pass(path);
    readStatFile(path, format, pass, 0, 0, progress);
    return pass.finish();
}

} // namespace rr
