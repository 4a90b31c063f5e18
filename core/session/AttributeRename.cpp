#include "core/session/AttributeRename.h"

#include "core/data/Errors.h"

#include <algorithm>

namespace rr {
namespace {

void rename(std::string& name, const std::string& from, const std::string& to)
{
    if (name == from)
        name = to;
}

void rename(std::vector<std::string>& names, const std::string& from, const std::string& to)
{
    for (std::string& n : names)
        rename(n, from, to);
}

} // namespace

std::vector<std::string> renamedColumns(const std::vector<std::string>& names, const std::string& from,
                                        const std::string& to)
{
    const auto it = std::find(names.begin(), names.end(), from);
    if (it == names.end())
        throw InputError("no column is named '" + from + "'");
    if (to.empty())
        throw InputError("a column needs a name");
    if (to.front() == ' ' || to.back() == ' ')
        throw InputError("a column name cannot begin or end with a space: '" + to + "'");
    if (to != from && std::find(names.begin(), names.end(), to) != names.end())
        throw InputError("'" + to + "' already names another column; names must be unique");
    std::vector<std::string> out = names;
    out[static_cast<std::size_t>(it - names.begin())] = to;
    return out;
}

void renameAttribute(AnalysisSpec& spec, const std::string& from, const std::string& to)
{
    rename(spec.quasiIdentifiers, from, to);
    rename(spec.sensitive, from, to);
    for (SensitiveTarget& t : spec.alsoSensitive) {
        rename(t.attribute, from, to);
        rename(t.knows, from, to);
    }
}

void renameAttribute(std::map<std::string, double>& p, const std::string& from, const std::string& to)
{
    auto node = p.extract(from);
    if (node.empty())
        return;
    node.key() = to;
    p.insert(std::move(node));
}

void renameAttribute(ViewChoices& v, const std::string& from, const std::string& to)
{
    for (std::string* name : {&v.distributionA, &v.distributionB, &v.surfaceX, &v.surfaceY, &v.intervalsA,
                              &v.intervalsB, &v.intervalsVary, &v.withoutPFirst, &v.withoutPSecond, &v.measuresA,
                              &v.measuresB})
        rename(*name, from, to);
    const std::string prefix = from + "=";
    for (std::string& item : v.rulesItems) // "attribute=category": the category may hold '=' itself
        if (item.rfind(prefix, 0) == 0)
            item = to + "=" + item.substr(prefix.size());
}

void renameAttribute(std::vector<BinSpec>& bins, const std::string& from, const std::string& to)
{
    for (BinSpec& b : bins)
        rename(b.attribute, from, to);
}

} // namespace rr
