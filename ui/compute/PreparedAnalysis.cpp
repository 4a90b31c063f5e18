#include "ui/compute/PreparedAnalysis.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace rr::ui {

std::vector<std::string> AnalysisSpec::analysed() const
{
    std::vector<std::string> out = quasiIdentifiers;
    out.push_back(sensitive);
    return out;
}

AnalysisSpec defaultSpec(const Table& table)
{
    auto has = [&](const std::string& n) {
        return std::any_of(table.attributes.begin(), table.attributes.end(),
                           [&](const Attribute& a) { return a.name == n; });
    };
    AnalysisSpec spec;
    const std::vector<std::string> emgrw{"education", "marital-status", "sex", "race"};
    if (std::all_of(emgrw.begin(), emgrw.end(), has) && has("workclass")) {
        spec.quasiIdentifiers = emgrw;
        spec.sensitive = "workclass";
        return spec;
    }
    auto small = [](const Attribute& a) { return a.domainSize() >= 2 && a.domainSize() <= 64; };
    for (auto it = table.attributes.rbegin(); it != table.attributes.rend(); ++it)
        if (small(*it)) {
            spec.sensitive = it->name;
            break;
        }
    for (const auto& a : table.attributes)
        if (small(a) && a.name != spec.sensitive && spec.quasiIdentifiers.size() < 4)
            spec.quasiIdentifiers.push_back(a.name);
    return spec;
}

PreparedAnalysis::PreparedAnalysis(ContingencyTable jointTable) : joint(std::move(jointTable)), model(joint) {}

int PreparedAnalysis::axisOf(const std::string& name) const
{
    for (int i = 0; i < axisCount(); ++i)
        if (names[static_cast<std::size_t>(i)] == name)
            return i;
    return -1;
}

std::vector<DistortionMatrix> PreparedAnalysis::matrices(const std::vector<double>& p) const
{
    if (static_cast<int>(p.size()) != axisCount())
        throw InputError("one retention probability per analysed attribute is needed");
    std::vector<DistortionMatrix> m;
    m.reserve(p.size());
    for (int i = 0; i < axisCount(); ++i)
        m.push_back(DistortionMatrix::warner(dims[static_cast<std::size_t>(i)], p[static_cast<std::size_t>(i)]));
    return m;
}

std::vector<DistortionMatrix> PreparedAnalysis::qiMatrices(const std::vector<double>& p) const
{
    auto m = matrices(p);
    m.pop_back();
    return m;
}

DistortionMatrix PreparedAnalysis::sensitiveMatrix(const std::vector<double>& p) const
{
    return DistortionMatrix::warner(dims.back(), p.at(static_cast<std::size_t>(sensitiveAxis())));
}

std::string PreparedAnalysis::cellLabel(const std::vector<int>& axes, std::size_t cell) const
{
    std::vector<std::string> parts(axes.size());
    for (std::size_t k = axes.size(); k-- > 0;) {
        const int d = dims[static_cast<std::size_t>(axes[k])];
        parts[k] = categories[static_cast<std::size_t>(axes[k])][cell % static_cast<std::size_t>(d)];
        cell /= static_cast<std::size_t>(d);
    }
    std::string out;
    for (std::size_t k = 0; k < parts.size(); ++k)
        out += (k ? " | " : "") + parts[k];
    return out;
}

std::vector<std::string> PreparedAnalysis::cellValues(std::size_t jointCell) const
{
    const auto coords = joint.coordinates(jointCell);
    std::vector<std::string> out;
    out.reserve(coords.size());
    for (std::size_t k = 0; k < coords.size(); ++k)
        out.push_back(categories[k][static_cast<std::size_t>(coords[k])]);
    return out;
}

std::shared_ptr<const PreparedAnalysis> prepareAnalysis(const Table& table, const AnalysisSpec& spec)
{
    if (spec.quasiIdentifiers.empty())
        throw InputError("choose at least one quasi-identifier (role QI) in the attribute panel");
    if (spec.sensitive.empty())
        throw InputError("choose a sensitive attribute (role S) in the attribute panel");
    const auto names = spec.analysed();
    std::set<std::string> seen;
    for (const auto& n : names)
        if (!seen.insert(n).second)
            throw InputError("attribute '" + n + "' has two roles; give it one");
    const std::vector<int> used = table.attributeIndices(names); // throws naming an unknown attribute

    const RowSelection selection = selectRows(table, used, spec.policy);
    if (selection.rows.empty())
        throw InputError("no record is left after dropping records with missing values");

    // Only the analysed columns, restricted to the kept rows: domains are the categories present.
    Table usedOnly;
    for (int i : used)
        usedOnly.attributes.push_back(table.attributes[static_cast<std::size_t>(i)]);
    usedOnly.weights = table.weights;
    Table sub = subsetRows(usedOnly, selection.rows);
    for (const auto& a : sub.attributes)
        if (a.domainSize() < 2)
            throw InputError("attribute '" + a.name +
                             "' has a single category in the analysed records; "
                             "randomizing it is meaningless (give it the role 'ignored')");

    std::vector<int> axes(names.size());
    std::vector<uint32_t> rows(sub.rowCount());
    for (std::size_t i = 0; i < axes.size(); ++i)
        axes[i] = static_cast<int>(i);
    for (std::size_t i = 0; i < rows.size(); ++i)
        rows[i] = static_cast<uint32_t>(i);
    auto prepared = std::make_shared<PreparedAnalysis>(buildContingency(sub, axes, rows));
    prepared->spec = spec;
    prepared->names = names;
    for (const auto& a : sub.attributes) {
        prepared->categories.push_back(a.categories);
        prepared->dims.push_back(a.domainSize());
    }
    prepared->records = prepared->joint.total();
    prepared->loadedRows = table.rowCount();
    prepared->droppedRows = selection.droppedRows;
    prepared->rowUsed.assign(table.rowCount(), 0);
    for (uint32_t r : selection.rows)
        prepared->rowUsed[r] = 1;
    return prepared;
}

bool axisInMode(RandomizationMode mode, int axis, int axisCount)
{
    const bool sensitive = axis == axisCount - 1;
    switch (mode) {
    case RandomizationMode::QI: return !sensitive;
    case RandomizationMode::S: return sensitive;
    case RandomizationMode::Both: return true;
    }
    return false;
}

double minimumRetention(int d)
{
    if (d < 2)
        return 1.0;
    return (std::floor(1000.0 / d + 1e-9) + 1.0) / 1000.0;
}

double clampRetention(int d, double p)
{
    if (!std::isfinite(p) || p >= 1.0 || d < 2)
        return 1.0;
    if (p <= 1.0 / d)
        return minimumRetention(d);
    return p; // full precision kept: the optimizer's p sits exactly on the constraint
}

} // namespace rr::ui
